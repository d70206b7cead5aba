import { Form, href } from "react-router";
import { Link } from "~/components/ui/link";
import { ComputedSections } from "~/components/admin/resource-sections";
import { buttonClass } from "~/components/ui/button";
import { requireAdminPage } from "~/auth/session.server";
import { isAppError } from "~/lib/errors";
import { toDbId } from "~/lib/field-values";
import { getServices } from "~/lib/runtime.server";
import { getMarketingPreview } from "~/modules/marketing/marketing.server";
import type { Route } from "./+types/marketing-preview";

export async function loader({ request }: Route.LoaderArgs) {
  const page = await requireAdminPage(request, "read", "MarketingAdmin");
  if (!page) return null;
  const params = new URL(request.url).searchParams;
  const pick = (name: string) => {
    const raw = params.get(name);
    if (!raw) return null;
    const id = toDbId(raw);
    if (id === null) throw new Response("Choose a campaign or a template from the list.", { status: 400 });
    return id;
  };
  const campaignId = pick("campaign");
  const templateId = campaignId === null ? pick("template") : null;
  const services = await getServices();
  try {
    const preview = await getMarketingPreview(services, { actor: page.viewer, campaignId, templateId });
    return { ...preview, campaignId, templateId };
  } catch (err) {
    if (isAppError(err)) throw new Response(err.message, { status: err.status });
    throw err;
  }
}

export const meta = () => [{ title: "Marketing preview · Admin" }];

/**
 * /admin/marketing/preview (issue 33, decision 0087): a campaign's or a template's mail as a sample recipient gets it,
 * at 375 and 640 pixels wide, in empty sandboxed frames.
 */
export default function MarketingPreview({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  const { choices, section, campaignId, templateId } = loaderData;
  const select = "mt-1 block w-full max-w-md rounded-md border border-slate-400 bg-white px-3 py-2";
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Marketing preview</h1>
        <p className="mt-1 text-slate-700">
          Choose a campaign or a template to see its mail as a sample recipient gets it. Write the wording in{" "}
          <Link to={href("/admin/marketing/email-templates")} className="text-sky-800 underline">
            marketing templates
          </Link>
          .
        </p>
      </div>
      <Form method="get" className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="preview-campaign" className="text-sm font-semibold text-slate-800">
            Campaign
          </label>
          <select id="preview-campaign" name="campaign" defaultValue={campaignId ?? ""} className={select}>
            <option value="">None</option>
            {choices.campaigns.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="preview-template" className="text-sm font-semibold text-slate-800">
            Or a template
          </label>
          <select id="preview-template" name="template" defaultValue={templateId ?? ""} className={select}>
            <option value="">None</option>
            {choices.templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <button type="submit" className={buttonClass()}>
            Show the preview
          </button>
        </div>
      </Form>
      {section ? (
        <ComputedSections sections={[section]} title="Marketing mail" />
      ) : (
        <p className="text-slate-700">Nothing chosen yet.</p>
      )}
    </div>
  );
}
