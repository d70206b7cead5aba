import { Ellipsis, House, KeyRound, Tag, Wrench } from "lucide-react";
import { type ComponentType, useState } from "react";
import { Form, href, NavLink } from "react-router";
import type { MenuLink } from "~/modules/content/content.server";
import { MenuEntry } from "./menu-entry";
import { DialogLink, ShellDialog } from "./shell-dialog";
import { type ToolMenuControl, useToolMenuControl } from "./tool-menu-context";
import { useDisclosure } from "./use-disclosure";
import { accountLinks, MAIN_MENUS, useShell } from "./use-shell";

/** A tab: `.tab-bar-item` in app.css (on every page, decision 0104). */
const TAB = "tab-bar-item";

/**
 * Phones (under 768 px): a fixed bottom tab bar with Home, Buyers, Sellers, Tools (pages with the tool menu) and
 * More. The page keeps its height free at the bottom (`data-mobile-tab-bar` in app.css), so the last of the page and
 * the footer scroll clear of it; nothing else floats over the page (decision 0049).
 */
export function MobileTabBar() {
  const { menus } = useShell();
  const tools = useToolMenuControl();
  return (
    <nav
      aria-label="Mobile"
      data-testid="mobile-tab-bar"
      data-mobile-tab-bar
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] shadow-[0_-2px_8px_rgb(15_23_42/0.08)] md:hidden"
    >
      <ul className={`grid ${tools ? "grid-cols-5" : "grid-cols-4"}`}>
        <li>
          <NavLink to={href("/")} end className={TAB}>
            <House aria-hidden className="size-5" />
            Home
          </NavLink>
        </li>
        <li>
          <SubMenuTab label="Buyers" icon={KeyRound} items={menus.buyers ?? []} />
        </li>
        <li>
          <SubMenuTab label="Sellers" icon={Tag} items={menus.sellers ?? []} />
        </li>
        {tools ? (
          <li>
            <ToolsTab control={tools} />
          </li>
        ) : null}
        <li>
          <MoreTab />
        </li>
      </ul>
    </nav>
  );
}

/** Opens the page's tool menu (print, favorites, compare, contact, share) as a card above the bar. */
function ToolsTab({ control }: { control: ToolMenuControl }) {
  return (
    <button
      ref={control.tabRef}
      type="button"
      aria-expanded={control.open}
      aria-controls={control.menuId}
      onClick={() => control.setOpen(!control.open)}
      className={TAB}
    >
      <Wrench aria-hidden className="size-5" />
      Tools
    </button>
  );
}

/** How many entries a sub-menu shows before the rest move to an "N More Pages" modal (SPEC: more than 4). */
export function splitSubMenu(items: MenuLink[]) {
  return items.length > 4 ? { shown: items.slice(0, 3), more: items.length - 3 } : { shown: items, more: 0 };
}

function SubMenuTab({
  label,
  icon: Icon,
  items,
}: {
  label: string;
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  items: MenuLink[];
}) {
  const { open, setOpen, rootRef, buttonRef, panelId, onBlur } = useDisclosure();
  const [allOpen, setAllOpen] = useState(false);
  const { shown, more } = splitSubMenu(items);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the tab and its panel closes the panel
    <div ref={rootRef} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
        className={TAB}
      >
        <Icon aria-hidden className="size-5" />
        {label}
      </button>
      {/* A disclosure panel just above the tab bar; Escape, a press outside and a navigation close it. */}
      {open ? (
        <div
          id={panelId}
          className="fixed inset-x-2 bottom-18 z-50 mx-auto max-w-xs rounded-xl border border-slate-200 bg-white p-2 text-slate-900 shadow-xl"
        >
          <ul aria-label={`${label} pages`}>
            {shown.map((item) => (
              <li key={item.href}>
                <MenuEntry item={item} className="block rounded-md px-3 py-2 hover:bg-slate-100" />
              </li>
            ))}
          </ul>
          {more > 0 ? (
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                setAllOpen(true);
              }}
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-left font-medium text-sky-900 hover:bg-slate-100"
            >
              {more} More Pages
            </button>
          ) : null}
        </div>
      ) : null}
      <ShellDialog open={allOpen} onOpenChange={setAllOpen} title={`${label}: all pages`} returnFocusTo={buttonRef}>
        <LinkList items={items} />
      </ShellDialog>
    </div>
  );
}

function LinkList({ items }: { items: MenuLink[] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item) => (
        <li key={item.href} className="py-1">
          <MenuEntry item={item} as={DialogLink} className="block rounded-md px-2 py-2 hover:bg-slate-100" />
        </li>
      ))}
    </ul>
  );
}

function MoreTab() {
  const { menus, viewer } = useShell();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)} className={TAB}>
        <Ellipsis aria-hidden className="size-5" />
        More
      </button>
      <ShellDialog open={open} onOpenChange={setOpen} title="All pages">
        <div className="space-y-6">
          {MAIN_MENUS.map((m) =>
            menus[m.name]?.length ? (
              <section key={m.name} aria-labelledby={`more-${m.name}`}>
                <h3 id={`more-${m.name}`} className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
                  {m.label}
                </h3>
                <LinkList items={menus[m.name]} />
              </section>
            ) : null,
          )}
          <section aria-labelledby="more-account">
            <h3 id="more-account" className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
              Account
            </h3>
            {viewer ? (
              <>
                <ul className="divide-y divide-slate-100">
                  {accountLinks(viewer).map((l) => (
                    <li key={l.href}>
                      <DialogLink
                        to={l.href}
                        className="block rounded-md px-2 py-3 font-medium text-sky-900 hover:bg-slate-100"
                      >
                        {l.label}
                      </DialogLink>
                    </li>
                  ))}
                </ul>
                <Form method="post" action={href("/logout")} onSubmit={() => setOpen(false)} className="mt-2">
                  <button
                    type="submit"
                    className="w-full rounded-md border border-slate-300 px-3 py-2 font-medium text-slate-900 hover:bg-slate-100"
                  >
                    Sign out
                  </button>
                </Form>
              </>
            ) : (
              <>
                <DialogLink
                  to={href("/sign-in")}
                  className="mt-2 block rounded-md bg-sky-800 px-3 py-2 text-center font-semibold text-white hover:bg-sky-900"
                >
                  Sign in
                </DialogLink>
                <DialogLink
                  to={href("/sign-up")}
                  className="mt-2 block rounded-md border border-slate-300 px-3 py-2 text-center font-semibold text-slate-900 hover:bg-slate-100"
                >
                  Create an account
                </DialogLink>
              </>
            )}
          </section>
        </div>
      </ShellDialog>
    </>
  );
}
