/**
 * A part of every page rendered once per version of its data on the server, and written into each page from then on
 * (decision 0119): for the footer's link groups, a third of a page's elements, the same on every page.
 *
 * On the server (entry.server.tsx provides React's `renderToString` through `ServerRender`) the children are
 * rendered to a string the first time this meets a version of its data; every later page writes that string as it
 * is, and React does none of the elements' work again. `renderToString` writes what the page's own rendering would,
 * so the browser hydrates these elements as any others: the same children, drawn by React.
 *
 * The children must be drawn from `data` and nothing else (no state, no context but the router's, no `useId`), so that
 * the same data gives the same markup on every page; and no icon, whose symbol each page collects while it renders
 * (decision 0111).
 */
import { createContext, type ReactNode, useContext } from "react";
import { UNSAFE_NavigationContext } from "react-router";

/** React's `renderToString`, on the server (entry.server.tsx). */
export const ServerRender = createContext<((node: ReactNode) => string) | null>(null);

type CachedMarkupProps = {
  /** Names this part among the others (a version of one part is never another's). */
  name: string;
  /** Everything the children are drawn from: its JSON is the version of the markup. */
  data: object;
  className?: string;
  children: ReactNode;
};

/** The markup written per part and version. A version changes when its data does (a menu edited). */
const written = new Map<string, string>();
const WRITTEN_AT_MOST = 32;
/** Each data object's version: the root loader's menus are one object until the next edit (decision 0098). */
const versions = new WeakMap<object, string>();

function versionOf(data: object) {
  let version = versions.get(data);
  if (version === undefined) {
    version = JSON.stringify(data);
    versions.set(data, version);
  }
  return version;
}

function ServerCachedMarkup({ name, data, className, children }: CachedMarkupProps) {
  const render = useContext(ServerRender);
  const navigation = useContext(UNSAFE_NavigationContext);
  if (!render) return <div className={className}>{children}</div>;
  const key = `${name}\n${versionOf(data)}`;
  let html = written.get(key);
  if (html === undefined) {
    if (written.size >= WRITTEN_AT_MOST) written.clear();
    html = render(<UNSAFE_NavigationContext.Provider value={navigation}>{children}</UNSAFE_NavigationContext.Provider>);
    written.set(key, html);
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of the children, escaped by it
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

function BrowserCachedMarkup({ className, children }: CachedMarkupProps) {
  return <div className={className}>{children}</div>;
}

/** `import.meta.env.SSR` is fixed when each build is made: the browser's build draws the children as usual. */
export const CachedMarkup = import.meta.env.SSR ? ServerCachedMarkup : BrowserCachedMarkup;
