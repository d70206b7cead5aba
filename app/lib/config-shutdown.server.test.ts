import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "./config.server";

const dir = () => mkdtempSync(path.join(tmpdir(), "vpm-config-"));

describe("SHUTDOWN_TIMEOUT_SECONDS", () => {
  it("defaults to 25 seconds and takes a whole number of seconds", () => {
    expect(parseConfig({ DATA_DIR: dir() }).shutdownTimeoutSeconds).toBe(25);
    expect(parseConfig({ DATA_DIR: dir(), SHUTDOWN_TIMEOUT_SECONDS: "5" }).shutdownTimeoutSeconds).toBe(5);
  });

  it("names the variable when the value is bad", () => {
    expect(() => parseConfig({ DATA_DIR: dir(), SHUTDOWN_TIMEOUT_SECONDS: "soon" })).toThrow(
      /SHUTDOWN_TIMEOUT_SECONDS: must be a number of seconds/,
    );
    expect(() => parseConfig({ DATA_DIR: dir(), SHUTDOWN_TIMEOUT_SECONDS: "0" })).toThrow(
      /SHUTDOWN_TIMEOUT_SECONDS: must be at least 1/,
    );
    expect(() => parseConfig({ DATA_DIR: dir(), SHUTDOWN_TIMEOUT_SECONDS: "2.5" })).toThrow(
      /SHUTDOWN_TIMEOUT_SECONDS: must be a whole number/,
    );
  });
});
