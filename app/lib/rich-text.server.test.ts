import { describe, expect, it } from "vitest";
import { isSafeHref, isSafeImageSrc, richTextLength, richTextPlainText, sanitizeRichText } from "./rich-text.server";

describe("sanitizeRichText: what the editor makes survives", () => {
  it("keeps paragraphs, headings h2-h4, bold, italic, lists, blockquotes and line breaks", () => {
    const html =
      "<h2>Fees</h2><p>We charge <strong>no</strong> <em>upfront</em> fee.<br>Ever.</p>" +
      "<h3>How</h3><ul><li><p>List it</p></li><li><p>Sell it</p></li></ul><ol><li><p>One</p></li></ol>" +
      "<h4>Quote</h4><blockquote><p>Easy.</p></blockquote>";
    expect(sanitizeRichText(html)).toBe(html.replace("<br>", "<br />"));
  });

  it("maps b, i, h1, h5 and h6 onto the allowed tags", () => {
    expect(sanitizeRichText("<h1>A</h1><h5>B</h5><h6>C</h6><p><b>d</b> <i>e</i></p>")).toBe(
      "<h2>A</h2><h4>B</h4><h4>C</h4><p><strong>d</strong> <em>e</em></p>",
    );
  });

  it("keeps http, https, mailto and relative links; an external one gets rel=noopener noreferrer", () => {
    expect(sanitizeRichText('<a href="https://example.com/a?b=1&c=2">x</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="http://example.com">x</a>')).toBe(
      '<a href="http://example.com" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="mailto:help@example.com">mail</a>')).toBe(
      '<a href="mailto:help@example.com">mail</a>',
    );
    expect(sanitizeRichText('<a href="/faq#fees">faq</a> <a href="#top">top</a> <a href="sell">sell</a>')).toBe(
      '<a href="/faq#fees">faq</a> <a href="#top">top</a> <a href="sell">sell</a>',
    );
  });

  it("replaces a link's own rel and drops its target", () => {
    expect(sanitizeRichText('<a href="https://e.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://e.com" rel="noopener noreferrer">x</a>',
    );
  });

  it("drops empty paragraphs at either end, keeps the ones between (a blank line)", () => {
    expect(sanitizeRichText("<p></p><p>a</p><p></p><p>b</p><p></p><p><br></p>")).toBe("<p>a</p><p></p><p>b</p>");
    expect(sanitizeRichText("<ul><li><p>x</p></li></ul><p></p>")).toBe("<ul><li><p>x</p></li></ul>");
  });

  it("turns an empty editor into the empty string", () => {
    expect(sanitizeRichText("<p></p>")).toBe("");
    expect(sanitizeRichText("<p><br></p>")).toBe("");
    expect(sanitizeRichText("  ")).toBe("");
    expect(sanitizeRichText(null)).toBe("");
    expect(sanitizeRichText("<script>alert(1)</script>")).toBe("");
  });
});

describe("sanitizeRichText: attacks are stripped", () => {
  it("<img src=x onerror=...> goes, the text beside it stays", () => {
    expect(sanitizeRichText("<p>Hi<img src=x onerror=alert(document.cookie)></p>")).toBe("<p>Hi</p>");
    expect(sanitizeRichText('<img src="javascript:alert(1)">')).toBe("");
    expect(sanitizeRichText('<p><img src="data:image/svg+xml;base64,PHN2Zz4=">x</p>')).toBe("<p>x</p>");
  });

  it("a javascript: link keeps its text and loses its target, however the scheme is disguised", () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeRichText('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeRichText('<a href="jav&#x09;ascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeRichText('<a href="javascript&colon;alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeRichText('<a href="  javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeRichText('<a href="&#106;avascript:alert(1)">x</a>')).toBe("<a>x</a>");
  });

  it("data:, vbscript: and protocol-relative links are refused", () => {
    expect(sanitizeRichText('<a href="data:text/html,<script>alert(1)</script>">d</a>')).toBe("<a>d</a>");
    expect(sanitizeRichText('<a href="vbscript:msgbox(1)">v</a>')).toBe("<a>v</a>");
    expect(sanitizeRichText('<a href="//evil.example">e</a>')).toBe("<a>e</a>");
    expect(sanitizeRichText('<a href="/\\evil.example">e</a>')).toBe("<a>e</a>");
  });

  it("a refused link does not unbalance the links after it", () => {
    expect(sanitizeRichText('<a href="//evil.example">e</a><a href="/ok">ok</a>')).toBe('<a>e</a><a href="/ok">ok</a>');
  });

  it("<svg onload> and math go whole, content and all", () => {
    expect(sanitizeRichText("<svg onload=alert(1)><circle/>text</svg><p>after</p>")).toBe("<p>after</p>");
    expect(sanitizeRichText('<math><mi xlink:href="javascript:alert(1)">x</mi></math><p>y</p>')).toBe("<p>y</p>");
  });

  it("scripts, styles, iframes, objects and forms go; event handlers and style attributes go", () => {
    expect(
      sanitizeRichText(
        '<p style="background:url(javascript:alert(1))" class="x" onclick="alert(1)" id="y">hello</p>' +
          "<script>alert(1)</script><style>p{display:none}</style>" +
          '<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x">' +
          '<form action="https://evil.example"><input name="q"><button>go</button></form>',
      ),
    ).toBe("<p>hello</p>go");
    expect(sanitizeRichText('<a href="/x" onmouseover="alert(1)" style="position:fixed">hover</a>')).toBe(
      '<a href="/x">hover</a>',
    );
  });

  it("nested and broken tags cannot rebuild a script", () => {
    expect(sanitizeRichText("<scr<script>ipt>alert(1)</script>")).toBe("ipt&gt;alert(1)");
    expect(sanitizeRichText("<<script>script>alert(1)<</script>/script>")).toBe("&lt;/script&gt;");
    expect(sanitizeRichText('<div><p>x<iframe src="javascript:alert(1)"></iframe></p></div>')).toBe("<p>x</p>");
    expect(sanitizeRichText("<p><strong><em><a href='javascript:alert(1)'>deep</a></em></strong></p>")).toBe(
      "<p><strong><em><a>deep</a></em></strong></p>",
    );
    expect(sanitizeRichText('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>')).toBe("");
  });

  it("escaped markup stays text, never markup", () => {
    expect(sanitizeRichText("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")).toBe(
      "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>",
    );
  });

  it("is idempotent: a second pass changes nothing", () => {
    const once = sanitizeRichText('<p onclick="x">a <a href="https://e.com">b</a><img src=x onerror=y></p>');
    expect(sanitizeRichText(once)).toBe(once);
  });
});

describe("isSafeHref", () => {
  it("allows http(s), mailto and relative addresses only", () => {
    for (const ok of ["https://e.com", "HTTP://e.com/x", "mailto:a@b.co", "/faq", "#x", "?q=1", "faq", "./a"]) {
      expect(isSafeHref(ok), ok).toBe(true);
    }
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "//e.com", "ftp://e.com", "java\tscript:x", ""]) {
      expect(isSafeHref(bad), bad).toBe(false);
    }
  });
});

describe("richTextPlainText and richTextLength", () => {
  it("reads the text a person sees, blocks separated by a space and entities decoded", () => {
    expect(richTextPlainText("<h2>Fees</h2><p>A &amp; B&nbsp;&lt;3</p><ul><li>x</li><li>y</li></ul>")).toBe(
      "Fees A & B <3 x y",
    );
    expect(richTextPlainText("a<br>b")).toBe("a b");
    expect(richTextPlainText("<p>x</p><script>var secret = 1</script><style>p{}</style>")).toBe("x");
  });

  it("counts characters, not markup (an emoji is one)", () => {
    expect(richTextLength("<p><strong>Hello</strong>   <em>world</em></p>")).toBe(11);
    expect(richTextLength("<p>🏝️</p>")).toBe(2); // the island and its variation selector
    expect(richTextLength("<p></p>")).toBe(0);
    expect(richTextLength(null)).toBe(0);
  });
});

describe("sanitizeRichText: pictures and tables (decision 0067)", () => {
  const OWN = "/media/library/0123456789abcdef.webp";

  it("keeps a media library picture with its alt, width and height; nothing else of it", () => {
    expect(
      sanitizeRichText(
        `<p>See</p><img src="${OWN}" alt="Pool at dusk" width="640" height="480" class="x" style="a" title="t" loading="lazy">`,
      ),
    ).toBe(`<p>See</p><img src="${OWN}" alt="Pool at dusk" width="640" height="480" />`);
    expect(sanitizeRichText('<img src="/media/library/0123456789abcdef-25.webp" alt="">')).toBe(
      '<img src="/media/library/0123456789abcdef-25.webp" alt="" />',
    );
  });

  it("keeps an https picture; a picture alone is content", () => {
    expect(sanitizeRichText('<img src="https://cdn.example.com/a.png" alt="A">')).toBe(
      '<img src="https://cdn.example.com/a.png" alt="A" />',
    );
  });

  it("gives a picture without alt an empty one, and drops width and height that are not whole numbers", () => {
    expect(sanitizeRichText(`<img src="${OWN}" width="100%" height="-3">`)).toBe(`<img src="${OWN}" alt="" />`);
  });

  it("drops a picture whose address is not ours nor https: onerror, javascript:, data:, http:, other paths", () => {
    for (const src of [
      "x",
      "javascript:alert(1)",
      " JaVaScRiPt:alert(1)",
      "java\tscript:alert(1)",
      "data:image/png;base64,iVBORw0KGgo=",
      "http://evil.example/a.png",
      "//evil.example/a.png",
      "/admin/users",
      "/media/library/../../etc/passwd",
      "/media/library/0123456789abcdef.svg",
    ]) {
      expect(sanitizeRichText(`<p>a</p><img src="${src}" onerror="alert(1)" alt="x">`), src).toBe("<p>a</p>");
    }
    expect(sanitizeRichText(`<img src="${OWN}" onerror="alert(1)" onload="alert(2)" alt="ok">`)).toBe(
      `<img src="${OWN}" alt="ok" />`,
    );
  });

  it("keeps tables with spans and scope only; scripts in cells still go", () => {
    const table =
      '<table><caption>Dues</caption><thead><tr><th scope="col">Year</th><th colspan="2">Dues</th></tr></thead>' +
      '<tbody><tr><td rowspan="2">2025</td><td>$8.24</td></tr></tbody></table>';
    expect(sanitizeRichText(table)).toBe(table);
    expect(
      sanitizeRichText(
        '<table style="x" onclick="y"><tr><th scope="evil" class="c">A</th><td colspan="9999" onmouseover="z">B<script>alert(1)</script></td></tr></table>',
      ),
    ).toBe("<table><tr><th>A</th><td>B</td></tr></table>");
  });

  it("is idempotent with pictures and tables", () => {
    const once = sanitizeRichText(`<table><tr><td><img src="${OWN}" alt="a" width="10"></td></tr></table>`);
    expect(sanitizeRichText(once)).toBe(once);
  });

  it("isSafeImageSrc: our media files and https only", () => {
    expect(isSafeImageSrc(OWN)).toBe(true);
    expect(isSafeImageSrc("/media/brokers/0123456789abcdef.webp")).toBe(true);
    expect(isSafeImageSrc("https://e.com/a.webp")).toBe(true);
    for (const bad of ["http://e.com/a.png", "/profile-photos/x.webp", "data:image/png;base64,AA", "javascript:x"]) {
      expect(isSafeImageSrc(bad), bad).toBe(false);
    }
  });
});

describe("plainTextToRichText (a field that was plain text opens as rich text)", () => {
  it("makes paragraphs and lists of plain text, escaped; rich text is left as it is", async () => {
    const { plainTextToRichText } = await import("./rich-text.server");
    expect(plainTextToRichText("One\ntwo <b>.\n\n- a & b\n- c")).toBe(
      "<p>One two &lt;b&gt;.</p><ul><li><p>a &amp; b</p></li><li><p>c</p></li></ul>",
    );
    expect(plainTextToRichText("<p>Already</p>")).toBe("<p>Already</p>");
  });
});
