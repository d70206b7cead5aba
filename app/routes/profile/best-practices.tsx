import { requireAbility } from "~/auth/session.server";
import { getServices } from "~/lib/runtime.server";
import { listBestPractices } from "~/modules/content/best-practices.server";
import type { Route } from "./+types/best-practices";

export async function loader({ request }: Route.LoaderArgs) {
  const { viewer } = await requireAbility(request, "read", "Profile");
  return {
    role: viewer.role,
    sections: await listBestPractices(await getServices(), { actor: viewer }),
  };
}

export function meta() {
  return [{ title: "Best practices guide · Vacation Points Market" }];
}

const AUDIENCE_LABEL = { all: "Buyers and sellers", buyer: "For buyers", seller: "For sellers" } as const;

/** /v2/profile/best-practices: the guide's sections for everyone and for the viewer's role, from the database. */
export default function BestPractices({ loaderData }: Route.ComponentProps) {
  const { sections, role } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Best practices guide</h1>
        <p className="mt-1 text-slate-700">
          {role === "seller"
            ? "What experienced sellers do to sell at a good price and close without delays."
            : "What experienced buyers check before they offer, and what to expect until closing."}
        </p>
      </div>
      {sections.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-5">The guide is being written. Check back soon.</p>
      ) : (
        <>
          <nav aria-label="Guide contents" className="rounded-lg border border-slate-200 bg-white p-5">
            <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Contents</h2>
            <ol className="mt-2 list-decimal space-y-1 pl-5">
              {sections.map((s) => (
                <li key={s.id}>
                  <a href={`#practice-${s.id}`} className="text-sky-800 underline">
                    {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          {sections.map((s) => (
            <section
              key={s.id}
              id={`practice-${s.id}`}
              aria-labelledby={`practice-${s.id}-heading`}
              className="scroll-mt-24 rounded-lg border border-slate-200 bg-white p-5"
              data-testid="best-practice"
            >
              <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                {AUDIENCE_LABEL[s.audience]}
              </p>
              <h2 id={`practice-${s.id}-heading`} className="mt-1 text-lg font-semibold text-slate-900">
                {s.title}
              </h2>
              <div className="mt-3 space-y-3 text-slate-800">
                {s.blocks.map((b, i) =>
                  b.kind === "html" ? (
                    // Allow-listed on the server (lib/rich-text.server.ts) just before it is shown.
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized rich text (decision 0028)
                    // biome-ignore lint/suspicious/noArrayIndexKey: blocks are static text in a fixed order
                    <div key={i} className="rich-text" dangerouslySetInnerHTML={{ __html: b.html }} />
                  ) : b.kind === "p" ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: blocks are static text in a fixed order
                    <p key={i}>{b.text}</p>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: blocks are static text in a fixed order
                    <ul key={i} className="list-disc space-y-1 pl-5">
                      {b.items.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  ),
                )}
              </div>
            </section>
          ))}
        </>
      )}
    </div>
  );
}
