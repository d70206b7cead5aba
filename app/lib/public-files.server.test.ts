import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Request, RequestHandler, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import { onlyPublicFiles, publicFilePaths } from "./public-files.server";

function clientDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "client-"));
  for (const f of ["favicon.svg", "logos/okw.svg", "logos/a b.svg", "assets/entry.js", ".vite/manifest.json"]) {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    writeFileSync(path.join(dir, f), "x");
  }
  return dir;
}

describe("publicFilePaths", () => {
  it("lists the build's root files as URL paths, without assets/ and dot files", () => {
    expect([...publicFilePaths(clientDir())].sort()).toEqual(["/favicon.svg", "/logos/a b.svg", "/logos/okw.svg"]);
  });
});

describe("onlyPublicFiles", () => {
  const files = publicFilePaths(clientDir());
  function call(method: string, p: string) {
    const serve = vi.fn<RequestHandler>();
    const next = vi.fn();
    onlyPublicFiles(files, serve)({ method, path: p } as Request, {} as Response, next);
    return { served: serve.mock.calls.length === 1, passed: next.mock.calls.length === 1 };
  }

  it("hands a listed file's GET or HEAD to the file handler", () => {
    expect(call("GET", "/logos/okw.svg")).toEqual({ served: true, passed: false });
    expect(call("HEAD", "/favicon.svg")).toEqual({ served: true, passed: false });
    expect(call("GET", "/logos/a%20b.svg")).toEqual({ served: true, passed: false });
  });

  it("passes pages, unknown files, other methods and bad escapes straight on", () => {
    for (const [method, p] of [
      ["GET", "/v2/profile"],
      ["GET", "/logos/none.svg"],
      ["GET", "/logos"],
      ["GET", "/assets/entry.js"],
      ["GET", "/.vite/manifest.json"],
      ["POST", "/favicon.svg"],
      ["GET", "/%E0%A4%A"],
    ]) {
      expect(call(method, p)).toEqual({ served: false, passed: true });
    }
  });
});
