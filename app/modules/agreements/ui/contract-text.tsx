/**
 * A contract section's text on a page, read with the same line marks as the PDF (contracts.templates.ts): `## ` a
 * clause heading, `- ` a bullet, `[ ]`/`[x]` a checkbox, a blank line between paragraphs.
 */
export function ContractText({ text, headingLevel = 3 }: { text: string; headingLevel?: 3 | 4 }) {
  const blocks: React.ReactNode[] = [];
  let bullets: string[] = [];
  let para: string[] = [];
  const H = `h${headingLevel}` as "h3" | "h4";
  const flush = () => {
    if (para.length) {
      blocks.push(
        <p key={`p${blocks.length}`} className="whitespace-pre-line text-slate-800">
          {para.join("\n")}
        </p>,
      );
      para = [];
    }
    if (bullets.length) {
      blocks.push(
        <ul key={`u${blocks.length}`} className="list-disc space-y-1 pl-6 text-slate-800">
          {bullets.map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the text's own order is the bullet's identity
            <li key={i}>{b}</li>
          ))}
        </ul>,
      );
      bullets = [];
    }
  };
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      flush();
      continue;
    }
    if (line.startsWith("## ")) {
      flush();
      blocks.push(
        <H key={`h${blocks.length}`} className="mt-2 font-semibold text-slate-900">
          {line.slice(3)}
        </H>,
      );
      continue;
    }
    const box = /^\[( |x|X)\]\s+(.*)$/.exec(line);
    if (box) {
      flush();
      blocks.push(
        <p key={`b${blocks.length}`} className="text-slate-800">
          <span aria-hidden="true">{box[1].trim() ? "☒" : "☐"} </span>
          <span className="sr-only">{box[1].trim() ? "Ticked: " : "Not ticked: "}</span>
          {box[2]}
        </p>,
      );
      continue;
    }
    if (line.startsWith("- ")) {
      if (para.length) flush();
      bullets.push(line.slice(2));
      continue;
    }
    if (bullets.length) flush();
    para.push(line);
  }
  flush();
  return <div className="space-y-3 leading-relaxed">{blocks}</div>;
}
