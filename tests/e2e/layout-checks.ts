import type { Page } from "@playwright/test";

/**
 * Issue 13: layout checks any spec can run on the page it is on (decisions 0048 and 0049).
 *
 * - The document is no wider than the window.
 * - Every control (link, button, field) and every table cell of the page (`main`) and the footer is inside the
 *   window and inside every box that clips it (a table that scrolls sideways hides what is past its edge: that is a
 *   clipped column or a button off-screen).
 * - Scrolled to the middle of the window (or as far as the page goes, for the last of the page), the point at the
 *   centre of each one is that element: nothing fixed (the tab bar, the Tools button, a sticky column) lies on it.
 *   A toast is not counted (it passes in a few seconds and can be closed), nor a menu the test has opened (its panel,
 *   named by an `aria-expanded="true"` button's `aria-controls`).
 * - With a modal dialog open, only what is in the dialog (the page behind it is inert).
 *
 * Left out on purpose: what is past the edge of a table that scrolls sideways by design (`data-scrolls-sideways`),
 * what is not shown (display none, zero size, visually hidden 1 px text), what is inside a
 * carousel (its slides move out of view by design), a closed `<details>`, `inert` or `aria-hidden` content, and
 * range handles (they take the pointer only on their thumb).
 */

export type LayoutProblem = { what: string; problem: string };

export type LayoutCheckOptions = {
  /** Where to look (default: the page's `main` and `footer`). */
  roots?: string[];
  /** More selectors whose elements (and what is inside them) are left out. */
  ignore?: string[];
};

/** The problems on the page as it is now, at the current window size. */
export async function layoutProblems(page: Page, opts: LayoutCheckOptions = {}): Promise<LayoutProblem[]> {
  // Let a toast or a transition settle first; fonts are local, so layout is final once the page has loaded.
  await page.waitForLoadState("load");
  return page.evaluate(
    ({ roots, ignore }) => {
      const problems: { what: string; problem: string }[] = [];
      const vw = document.documentElement.clientWidth;
      const vh = window.innerHeight;
      const scrollWidth = document.documentElement.scrollWidth;
      if (scrollWidth > window.innerWidth) {
        problems.push({ what: "document", problem: `is ${scrollWidth} px wide in a ${window.innerWidth} px window` });
      }

      const skipInside = [
        '[aria-roledescription="carousel"]',
        "details:not([open]) > :not(summary)",
        "[inert]",
        '[aria-hidden="true"]',
        "dialog:not([open])",
        ...ignore,
      ].join(", ");
      const CONTROLS = "a[href], button, input:not([type=hidden]), select, textarea, summary, td, th";

      const describe = (el: Element) => {
        const label =
          el.getAttribute("aria-label") ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? "";
        const text = label.replace(/\s+/g, " ").trim().slice(0, 60);
        const id = el.id ? `#${el.id}` : "";
        const testid = el.getAttribute("data-testid");
        return `<${el.tagName.toLowerCase()}${id}${testid ? ` data-testid=${testid}` : ""}> "${text}"`;
      };
      const shown = (el: Element) => {
        const style = getComputedStyle(el);
        if (style.visibility === "hidden" || style.display === "none") return false;
        const r = el.getBoundingClientRect();
        // Visually hidden text (a skip link, sr-only words) is 1 px; it is not laid out for the eye.
        return r.width > 2 && r.height > 2;
      };
      /** The boxes between the element and the page that clip it sideways (overflow other than visible). */
      const clippers = (el: Element) => {
        const out: Element[] = [];
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          const style = getComputedStyle(p);
          // A fixed box (a toast) is placed by the window: the boxes around it in the page do not clip it.
          if (style.position === "fixed") break;
          if (style.overflowX !== "visible") out.push(p);
        }
        return out;
      };

      const elements = new Set<Element>();
      // A modal dialog makes the page behind it inert: only what is in the dialog can be reached.
      const modal = document.querySelector("dialog:modal");
      for (const root of modal ? ["dialog:modal"] : roots) {
        for (const r of document.querySelectorAll(root)) {
          for (const el of r.querySelectorAll(CONTROLS)) elements.add(el);
        }
      }

      // Cards below the first screen skip rendering until scrolled near (content-visibility: auto), and the browser
      // decides that only at its next frame: render everything now, as it will be once scrolled to.
      const renderAll = document.createElement("style");
      renderAll.textContent = "* { content-visibility: visible !important; }";
      document.head.append(renderAll);
      const openPanels = [...document.querySelectorAll('[aria-expanded="true"][aria-controls]')].flatMap((b) => {
        const panel = document.getElementById(b.getAttribute("aria-controls") ?? "");
        return panel ? [panel] : [];
      });
      const startY = window.scrollY;
      for (const el of elements) {
        if (el.closest(skipInside) || !shown(el)) continue;
        const style = getComputedStyle(el);
        if (style.pointerEvents === "none") continue;
        let r = el.getBoundingClientRect();
        // A table that scrolls sideways on purpose (DataTable's `layout="table"`, a comparison): what is past its edge
        // is reached by scrolling it; what is in view is still checked for anything lying on it.
        const scroller = el.closest("[data-scrolls-sideways]");
        if (scroller) {
          const b = scroller.getBoundingClientRect();
          if (r.left < b.left - 0.5 || r.right > b.right + 0.5) continue;
        }
        if (r.left < -0.5 || r.right > vw + 0.5) {
          problems.push({
            what: describe(el),
            problem: `runs past the window (${Math.round(r.left)}..${Math.round(r.right)} of ${vw} px)`,
          });
          continue;
        }
        const boxes = clippers(el);
        // Inside a visually hidden box (1 px, clipped: screen-reader text such as a card list's column headers).
        if (
          boxes.some((c) => {
            const b = c.getBoundingClientRect();
            return b.width <= 2 || b.height <= 2;
          })
        ) {
          continue;
        }
        const clippedBy = boxes.find((c) => {
          const b = c.getBoundingClientRect();
          return r.left < b.left - 0.5 || r.right > b.right + 0.5;
        });
        if (clippedBy) {
          const b = clippedBy.getBoundingClientRect();
          problems.push({
            what: describe(el),
            problem: `is cut by ${describe(clippedBy).slice(0, 40)}… (${Math.round(r.left)}..${Math.round(r.right)} in a box of ${Math.round(b.left)}..${Math.round(b.right)})`,
          });
          continue;
        }
        // Scroll it to the middle of the window (the page's end stays where it is) and look at it there. One already in
        // the middle three fifths of the window stays put: fixed bars sit at the edges, and fewer scrolls keep this quick.
        if (r.top < vh * 0.2 || r.bottom > vh * 0.8) {
          // Through every box that scrolls on its own (a dialog's body) as well as the window.
          el.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
        }
        // A link that wraps onto two lines is two boxes: the centre of their union may be neither, so take the first.
        const lines = el.getClientRects();
        r = lines.length > 1 ? lines[0] : el.getBoundingClientRect();
        if (r.top < 0 || r.bottom > vh) continue; // taller than the window, or in a box that scrolls on its own
        // Its centre and both ends: a sticky column over the end of a number cuts it as surely as the window's edge.
        const y = r.top + r.height / 2;
        for (const x of [r.left + r.width / 2, r.left + 2, r.right - 2]) {
          const hit = document.elementFromPoint(x, y);
          if (!hit || el === hit || el.contains(hit)) continue;
          if (hit instanceof HTMLLabelElement && hit.control === el) continue;
          // A toast passes over the page for a few seconds and can be closed (issue 13 item 3 keeps it off the header).
          if (hit.closest("[data-toaster]")) continue;
          // A menu or panel the person has just opened lies over the page by design.
          if (openPanels.some((panel) => panel.contains(hit))) continue;
          problems.push({
            what: describe(el),
            problem: `is covered by ${describe(hit)} at (${Math.round(x)}, ${Math.round(y)})`,
          });
          break;
        }
      }
      window.scrollTo({ left: 0, top: startY, behavior: "instant" });
      renderAll.remove();
      return problems;
    },
    { roots: opts.roots ?? ["main", "footer"], ignore: opts.ignore ?? [] },
  );
}
