import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { nodeVersionProblem } from "./check-node.mjs";

describe("Node version guard", () => {
  it("accepts Node 24 and later", () => {
    expect(nodeVersionProblem("v24.21.0")).toBeNull();
    expect(nodeVersionProblem("v26.1.0")).toBeNull();
  });

  it("refuses older Node with a message that says what to do", () => {
    const msg = nodeVersionProblem("v20.20.2");
    expect(msg).toContain("needs Node 24 or newer; this is v20.20.2");
    expect(msg).toContain("npm start");
  });

  it.runIf(existsSync("/usr/bin/node"))("exits 1 when run on the system's older Node", () => {
    const version = spawnSync("/usr/bin/node", ["--version"]).stdout.toString().trim();
    const r = spawnSync("/usr/bin/node", ["scripts/check-node.mjs"]);
    if (Number(version.slice(1).split(".")[0]) < 24) {
      expect(r.status).toBe(1);
      expect(r.stderr.toString()).toContain("needs Node 24");
    } else {
      expect(r.status).toBe(0);
    }
  });
});
