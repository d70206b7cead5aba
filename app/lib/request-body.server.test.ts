import { describe, expect, it } from "vitest";
import { readBodyCapped, tooLargeMessage } from "./request-body.server";

describe("request bodies with a limit", () => {
  it("names the limit in KB, or MB from one megabyte up", () => {
    expect(tooLargeMessage(64 * 1024)).toBe("The request is too large: at most 64 KB.");
    expect(tooLargeMessage(16_384)).toBe("The request is too large: at most 16 KB.");
    expect(tooLargeMessage(6 * 1024 * 1024)).toBe("The request is too large: at most 6 MB.");
    expect(tooLargeMessage(2.5 * 1024 * 1024)).toBe("The request is too large: at most 2.5 MB.");
  });

  it("reads a body up to the limit, and stops reading just past it without cancelling the stream", async () => {
    const chunk = new Uint8Array(1024).fill(97);
    let pulled = 0;
    let cancelled = false;
    const stream = () =>
      new ReadableStream<Uint8Array>({
        pull(c) {
          pulled++;
          if (pulled > 1024) c.close();
          else c.enqueue(chunk);
        },
        cancel() {
          cancelled = true;
        },
      });
    const request = (body: ReadableStream) =>
      new Request("http://localhost/x", { method: "POST", body, duplex: "half" } as RequestInit);
    expect(await readBodyCapped(request(stream()), 4096)).toBe("too-big");
    expect(pulled).toBeLessThanOrEqual(6);
    // Cancelling would destroy the socket under @react-router/express before the 413 is written.
    expect(cancelled).toBe(false);
    const small = await readBodyCapped(new Request("http://localhost/x", { method: "POST", body: "abc" }), 4096);
    expect(new TextDecoder().decode(small as Uint8Array)).toBe("abc");
    const declared = new Request("http://localhost/x", {
      method: "POST",
      body: "abc",
      headers: { "content-length": "999999" },
    });
    expect(await readBodyCapped(declared, 4096)).toBe("too-big");
  });
});
