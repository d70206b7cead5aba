import { ChevronDown, CircleUser } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Link, useSubmit } from "react-router";
import type { Viewer } from "~/auth/abilities";
import { accountLinks, ON_HEADER_FOCUS } from "./use-shell";

const ITEM =
  "block cursor-pointer rounded-md px-3 py-2 text-left text-slate-900 outline-none data-[highlighted]:bg-sky-100 data-[highlighted]:text-sky-950";

/** The signed-in user's account menu in the header. */
export function UserMenu({ viewer }: { viewer: Viewer }) {
  const submit = useSubmit();
  const firstName = viewer.name.split(" ")[0] || viewer.name;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        style={ON_HEADER_FOCUS}
        className="flex items-center gap-2 rounded-md px-3 py-2 font-medium hover:bg-current/10"
      >
        <CircleUser aria-hidden className="size-5" />
        <span className="max-w-32 truncate">{firstName}</span>
        <span className="sr-only">: account menu</span>
        <ChevronDown aria-hidden className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2 text-sm text-slate-700">
            Signed in as <span className="block font-semibold text-slate-900">{viewer.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {accountLinks(viewer).map((l) => (
            <DropdownMenu.Item key={l.href} asChild className={ITEM}>
              <Link to={l.href}>{l.label}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            className={`${ITEM} w-full`}
            onSelect={() => submit(null, { method: "post", action: "/logout" })}
          >
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
