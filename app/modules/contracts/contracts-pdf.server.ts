import { type PDFDocument as Doc, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import type { Db, Tx } from "~/db/client.server";
import { formatPoints } from "~/lib/format";
import { formatDateTimeEastern } from "~/lib/format-dates";
import { renderContractSections } from "./contracts-text.server";
import {
  type AddendumInput,
  type ContractInput,
  type ContractSectionText,
  formatAgreementNumber,
  type Side,
  type SignatureStamp,
} from "./contracts.types";

/**
 * The contract as a PDF, drawn with pdf-lib (no browser): a page per section with its heading, text wrapped to the
 * page, the parties' initials boxes at the end of each section, the signature lines on the last page, and the
 * agreement number and "Page n of N" in every footer. Given signatures are stamped in: a drawn one as its PNG, a
 * typed one in an italic standard font, each with the time it was made.
 */

export const PAPER = { letter: [612, 792], a4: [595.28, 841.89] } as const;
const MARGIN_X = 60;
const MARGIN_TOP = 64;
const MARGIN_BOTTOM = 70;
const BODY_SIZE = 10.5;
const LEADING = 14.5;
const INK = rgb(0.06, 0.09, 0.16);
const MUTED = rgb(0.33, 0.38, 0.45);
const ACCENT = rgb(0.05, 0.29, 0.43);
const RULE = rgb(0.8, 0.84, 0.88);

export type Fonts = { regular: PDFFont; bold: PDFFont; italic: PDFFont; script: PDFFont };

export async function embedFonts(doc: Doc): Promise<Fonts> {
  return {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
    script: await doc.embedFont(StandardFonts.TimesRomanItalic),
  };
}

/** Text a standard font can draw: characters outside its set (WinAnsi) become "?", tabs become spaces. */
export function printable(font: PDFFont, text: string) {
  const set = charSets.get(font) ?? new Set(font.getCharacterSet());
  charSets.set(font, set);
  let out = "";
  for (const ch of text.replace(/\t/g, "    ")) {
    const cp = ch.codePointAt(0) ?? 63;
    out += set.has(cp) ? ch : cp < 32 ? "" : "?";
  }
  return out;
}
const charSets = new WeakMap<PDFFont, Set<number>>();

/** Breaks a paragraph into lines no wider than `width`; a word longer than a line is cut. */
export function wrapText(font: PDFFont, size: number, text: string, width: number): string[] {
  const words = text.split(/ +/).filter((w) => w !== "");
  const lines: string[] = [];
  let line = "";
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (let word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    while (!fits(word)) {
      let cut = word.length - 1;
      while (cut > 1 && !fits(word.slice(0, cut))) cut--;
      lines.push(word.slice(0, cut));
      word = word.slice(cut);
    }
    line = word;
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** A writer that flows blocks down pages, opening a new page when the next block does not fit. */
export class PageFlow {
  page!: PDFPage;
  y = 0;
  readonly width: number;
  constructor(
    readonly doc: Doc,
    readonly fonts: Fonts,
    readonly size: readonly [number, number],
  ) {
    this.width = size[0] - 2 * MARGIN_X;
    this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage([this.size[0], this.size[1]]);
    this.y = this.size[1] - MARGIN_TOP;
  }
  ensure(height: number) {
    if (this.y - height < MARGIN_BOTTOM) this.newPage();
  }
  text(s: string, opts: { x?: number; size?: number; font?: PDFFont; color?: ReturnType<typeof rgb> } = {}) {
    const font = opts.font ?? this.fonts.regular;
    this.page.drawText(printable(font, s), {
      x: opts.x ?? MARGIN_X,
      y: this.y,
      size: opts.size ?? BODY_SIZE,
      font,
      color: opts.color ?? INK,
    });
  }
  /** A wrapped paragraph with an optional first-line marker drawn by `marker` and a hanging indent. */
  paragraph(
    s: string,
    opts: { indent?: number; font?: PDFFont; size?: number; marker?: (x: number, y: number) => void } = {},
  ) {
    const font = opts.font ?? this.fonts.regular;
    const size = opts.size ?? BODY_SIZE;
    const indent = opts.indent ?? 0;
    const lines = wrapText(font, size, printable(font, s), this.width - indent);
    lines.forEach((line, i) => {
      this.ensure(LEADING);
      if (i === 0 && opts.marker) opts.marker(MARGIN_X, this.y);
      this.text(line, { x: MARGIN_X + indent, font, size });
      this.y -= LEADING * (size / BODY_SIZE);
    });
  }
  gap(h: number) {
    this.y -= h;
  }
  rule() {
    this.page.drawLine({
      start: { x: MARGIN_X, y: this.y },
      end: { x: this.size[0] - MARGIN_X, y: this.y },
      thickness: 0.75,
      color: RULE,
    });
  }
}

/** Draws a section's text with its line marks (see contracts.templates.ts). */
export function drawMarkedText(flow: PageFlow, text: string) {
  const { fonts } = flow;
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    if (line.trim() === "") {
      flow.gap(LEADING * 0.6);
      continue;
    }
    if (line.startsWith("## ")) {
      flow.ensure(LEADING * 3.2);
      flow.gap(4);
      flow.paragraph(line.slice(3), { font: fonts.bold, size: 11 });
      flow.gap(1);
      continue;
    }
    const box = /^\[( |x|X)\]\s+(.*)$/.exec(line);
    if (box) {
      const ticked = box[1].toLowerCase() === "x";
      flow.gap(2);
      flow.paragraph(box[2], {
        indent: 18,
        marker: (x, y) => {
          flow.page.drawRectangle({ x, y: y - 1.5, width: 10, height: 10, borderColor: INK, borderWidth: 0.9 });
          if (ticked) {
            flow.page.drawLine({ start: { x: x + 2, y: y + 0.5 }, end: { x: x + 8, y: y + 6.5 }, thickness: 1.2 });
            flow.page.drawLine({ start: { x: x + 2, y: y + 6.5 }, end: { x: x + 8, y: y + 0.5 }, thickness: 1.2 });
          }
        },
      });
      flow.gap(2);
      continue;
    }
    if (line.startsWith("- ")) {
      flow.paragraph(line.slice(2), {
        indent: 14,
        marker: (x, y) => flow.page.drawCircle({ x: x + 4, y: y + 3.3, size: 1.6, color: INK }),
      });
      continue;
    }
    flow.paragraph(line);
  }
}

function initialsFor(sig: SignatureStamp | undefined, section: number) {
  return sig?.initials?.find((i) => i.section === section);
}

/** The boxes where each party initials a section (or an addendum); the initials are stamped in when given. */
export function drawInitialsBoxes(flow: PageFlow, section: number, signatures: ContractInput["signatures"]) {
  const { fonts } = flow;
  flow.ensure(64);
  flow.gap(14);
  flow.rule();
  flow.gap(24);
  const sides: Side[] = ["buyer", "seller"];
  sides.forEach((side, i) => {
    const x = MARGIN_X + i * (flow.width / 2);
    const label = side === "buyer" ? "Buyer's initials" : "Seller's initials";
    flow.page.drawText(label, { x, y: flow.y, size: 9.5, font: fonts.bold, color: INK });
    const boxX = x + 86;
    flow.page.drawRectangle({ x: boxX, y: flow.y - 8, width: 70, height: 24, borderColor: INK, borderWidth: 0.8 });
    const initials = initialsFor(signatures?.[side], section);
    if (initials) {
      flow.page.drawText(printable(fonts.script, initials.initials.slice(0, 6)), {
        x: boxX + 8,
        y: flow.y - 2,
        size: 15,
        font: fonts.script,
        color: ACCENT,
      });
      flow.page.drawText(printable(fonts.regular, formatDateTimeEastern(initials.at)), {
        x,
        y: flow.y - 22,
        size: 7.5,
        font: fonts.regular,
        color: MUTED,
      });
    }
  });
  flow.gap(30);
}

const SIGNATURE_BOX = { width: 210, height: 56 };

/**
 * The signature lines of both parties (the contract's and an addendum's); each given signature is stamped above its
 * line with its time. `agreesTo` completes "By signing, each party confirms the legal name below, agrees to …".
 */
export async function drawSignatureBlock(
  flow: PageFlow,
  input: {
    buyer: { legalNames: string[] };
    seller: { legalNames: string[] };
    signatures?: ContractInput["signatures"];
    agreesTo: string;
  },
) {
  const { fonts, doc } = flow;
  flow.ensure(240);
  flow.gap(10);
  flow.paragraph("Signatures", { font: fonts.bold, size: 13 });
  flow.paragraph(
    `By signing, each party confirms the legal name below, agrees to ${input.agreesTo}, and agrees to sign electronically.`,
    { font: fonts.regular, size: 9.5 },
  );
  flow.gap(16);
  const parties: { side: Side; label: string; name: string }[] = [
    { side: "seller", label: "Seller", name: input.seller.legalNames.join(", ") },
    { side: "buyer", label: "Buyer", name: input.buyer.legalNames.join(", ") },
  ];
  for (const p of parties) {
    flow.ensure(SIGNATURE_BOX.height + 60);
    const sig = input.signatures?.[p.side];
    const top = flow.y;
    const lineY = top - SIGNATURE_BOX.height - 4;
    if (sig) {
      const image = sig.method === "drawn" && sig.imagePng ? await embedSignaturePng(doc, sig.imagePng) : null;
      if (image) {
        const scale = Math.min(SIGNATURE_BOX.width / image.width, SIGNATURE_BOX.height / image.height, 1);
        flow.page.drawImage(image, {
          x: MARGIN_X,
          y: lineY + 2,
          width: image.width * scale,
          height: image.height * scale,
        });
      } else {
        const typed = printable(fonts.script, sig.legalName);
        const size = Math.min(26, (SIGNATURE_BOX.width / Math.max(1, fonts.script.widthOfTextAtSize(typed, 26))) * 26);
        flow.page.drawText(typed, { x: MARGIN_X + 2, y: lineY + 8, size, font: fonts.script, color: ACCENT });
      }
    }
    flow.page.drawLine({
      start: { x: MARGIN_X, y: lineY },
      end: { x: MARGIN_X + SIGNATURE_BOX.width + 40, y: lineY },
      thickness: 0.8,
      color: INK,
    });
    const rightX = MARGIN_X + SIGNATURE_BOX.width + 60;
    flow.page.drawText(p.label, { x: rightX, y: top - 14, size: 10, font: fonts.bold, color: INK });
    flow.page.drawText(printable(fonts.regular, p.name), { x: rightX, y: top - 28, size: 9.5, font: fonts.regular });
    flow.page.drawText(
      sig ? `Signed ${formatDateTimeEastern(sig.signedAt)} (New York time)` : "Date: ____________________",
      { x: rightX, y: top - 42, size: 9, font: fonts.regular, color: sig ? INK : MUTED },
    );
    if (sig) {
      flow.page.drawText(sig.method === "drawn" ? "Drawn electronic signature" : "Typed electronic signature", {
        x: rightX,
        y: top - 55,
        size: 8,
        font: fonts.italic,
        color: MUTED,
      });
    }
    flow.page.drawText(printable(fonts.regular, `${p.label}'s signature`), {
      x: MARGIN_X,
      y: lineY - 12,
      size: 8,
      font: fonts.regular,
      color: MUTED,
    });
    flow.y = lineY - 40;
  }
}

/** A drawn signature's PNG from its data URL; null when it is not a PNG (the typed form is stamped instead). */
async function embedSignaturePng(doc: Doc, dataUrl: string) {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl.trim());
  if (!m) return null;
  try {
    return await doc.embedPng(Buffer.from(m[1], "base64"));
  } catch {
    return null;
  }
}

/** Footer on every page: the agreement number, the site, "Page n of N". */
export function drawFooters(
  doc: Doc,
  fonts: Fonts,
  agreementNumber: string,
  opts: { from?: number; label?: string } = {},
) {
  const pages = doc.getPages();
  const from = opts.from ?? 0;
  const total = pages.length;
  pages.forEach((page, i) => {
    if (i < from) return;
    const { width } = page.getSize();
    const y = 34;
    page.drawLine({
      start: { x: MARGIN_X, y: y + 14 },
      end: { x: width - MARGIN_X, y: y + 14 },
      thickness: 0.5,
      color: RULE,
    });
    page.drawText(printable(fonts.regular, `Agreement ${agreementNumber}`), {
      x: MARGIN_X,
      y,
      size: 8.5,
      font: fonts.regular,
      color: MUTED,
    });
    const mid = opts.label ?? "Vacation Points Market";
    page.drawText(mid, {
      x: (width - fonts.regular.widthOfTextAtSize(mid, 8.5)) / 2,
      y,
      size: 8.5,
      font: fonts.regular,
      color: MUTED,
    });
    const n = `Page ${i + 1} of ${total}`;
    page.drawText(n, {
      x: width - MARGIN_X - fonts.regular.widthOfTextAtSize(n, 8.5),
      y,
      size: 8.5,
      font: fonts.regular,
      color: MUTED,
    });
  });
}

/** A new PDF with the product's metadata (a fixed date, so the same input draws the same bytes) and its page flow. */
async function startDocument(meta: { title: string; subject: string; date: Date; paper?: "letter" | "a4" }) {
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title);
  doc.setSubject(meta.subject);
  doc.setAuthor("Vacation Points Market");
  doc.setCreator("Vacation Points Market");
  doc.setProducer("Vacation Points Market (pdf-lib)");
  doc.setCreationDate(meta.date);
  doc.setModificationDate(meta.date);
  const fonts = await embedFonts(doc);
  return { doc, fonts, flow: new PageFlow(doc, fonts, PAPER[meta.paper ?? "letter"]) };
}

/** Draws a contract from its sections' texts (already rendered) and the input. */
export async function drawContractPdf(input: ContractInput, sections: ContractSectionText[]): Promise<Uint8Array> {
  const number = input.agreementNumber ?? formatAgreementNumber(input.agreementId);
  const { doc, fonts, flow } = await startDocument({
    title: `Purchase contract ${number}`,
    subject: `${input.resort.name}, ${input.terms.points} points`,
    date: input.contractDate,
    paper: input.paper,
  });

  flow.text("Disney Vacation Club resale purchase contract", { font: fonts.bold, size: 17, color: ACCENT });
  flow.gap(20);
  flow.paragraph(
    `Agreement ${number} · ${input.resort.name} (${input.resort.code}) · ${formatPoints(input.terms.points)}`,
    { size: 10, font: fonts.regular },
  );
  flow.paragraph("Four sections follow. Each party initials every section and signs at the end.", {
    size: 9.5,
    font: fonts.italic,
  });
  flow.gap(12);

  for (const [i, section] of sections.entries()) {
    if (i > 0) flow.newPage();
    flow.ensure(80);
    flow.text(`SECTION ${section.number} OF ${sections.length}`, { font: fonts.bold, size: 8.5, color: MUTED });
    flow.gap(18);
    flow.paragraph(section.title, { font: fonts.bold, size: 15 });
    flow.gap(2);
    flow.rule();
    flow.gap(16);
    drawMarkedText(flow, section.text);
    drawInitialsBoxes(flow, section.number, input.signatures);
  }
  await drawSignatureBlock(flow, { ...input, agreesTo: "the four sections of this contract" });
  drawFooters(doc, fonts, number);
  return doc.save();
}

/** The heading of an addendum: "Addendum 2 to agreement VPM-000123". */
export const addendumLabel = (agreementId: number, number: number) =>
  `Addendum ${number} to agreement ${formatAgreementNumber(agreementId)}`;

/**
 * An addendum to a sealed contract (decision 0036), drawn as the contract is: a header naming the agreement, its
 * parties and resort, the addendum's text with the contract's line marks, one initials box per party, the signature
 * block, and the agreement number in every footer.
 */
export async function drawAddendumPdf(input: AddendumInput): Promise<Uint8Array> {
  const number = formatAgreementNumber(input.agreementId);
  const label = addendumLabel(input.agreementId, input.number);
  const { doc, fonts, flow } = await startDocument({
    title: label,
    subject: input.title,
    date: input.createdAt,
    paper: input.paper,
  });
  const names = (p: { legalNames: string[] }) => p.legalNames.join(" and ");
  flow.text(`Addendum ${input.number} to the purchase contract`, { font: fonts.bold, size: 17, color: ACCENT });
  flow.gap(20);
  flow.paragraph(`Agreement ${number} · ${input.resort.name} (${input.resort.code}) · ${formatPoints(input.points)}`, {
    size: 10,
  });
  flow.gap(4);
  flow.paragraph(
    `This addendum amends the Disney Vacation Club resale purchase contract ${number} between ${names(input.buyer)} (the buyer) and ${names(input.seller)} (the seller)${input.agreementSealedAt ? `, signed by both and sealed on ${formatDateTimeEastern(input.agreementSealedAt)} (New York time)` : ""}. Everything in that contract that this addendum does not change stays as it is.`,
    { size: 9.5, font: fonts.italic },
  );
  flow.gap(14);
  flow.paragraph(input.title, { font: fonts.bold, size: 15 });
  flow.gap(2);
  flow.rule();
  flow.gap(16);
  drawMarkedText(flow, input.text);
  drawInitialsBoxes(flow, 1, input.signatures);
  await drawSignatureBlock(flow, { ...input, agreesTo: "this addendum" });
  drawFooters(doc, fonts, number, { label: `Addendum ${input.number}` });
  return doc.save();
}

/** Renders the contract PDF: the four sections (the administrator's text where stored, with `db`), then drawn. */
export async function renderContractPdf(input: ContractInput, deps: { db?: Db | Tx } = {}): Promise<Uint8Array> {
  const sections = await renderContractSections(input, deps);
  return drawContractPdf(input, sections);
}
