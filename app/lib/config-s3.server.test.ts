import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig, parseS3ConfigFromEnv } from "./config.server";

const dir = () => mkdtempSync(path.join(tmpdir(), "vpm-config-s3-"));
const minio = {
  S3_BUCKET: "vpm-uploads",
  S3_ENDPOINT: "http://127.0.0.1:9000",
  S3_ACCESS_KEY_ID: "minioadmin",
  S3_SECRET_ACCESS_KEY: "minioadmin",
  S3_FORCE_PATH_STYLE: "1",
};

describe("the S3_* configuration", () => {
  it("without S3_BUCKET the files stay in DATA_DIR/uploads", () => {
    expect(parseConfig({ DATA_DIR: dir() }).s3).toBeUndefined();
  });

  it("a store with an endpoint (MinIO, R2): region defaults to us-east-1, the keys are kept", () => {
    expect(parseConfig({ DATA_DIR: dir(), ...minio }).s3).toEqual({
      bucket: "vpm-uploads",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      credentials: { accessKeyId: "minioadmin", secretAccessKey: "minioadmin" },
      forcePathStyle: true,
    });
    expect(parseS3ConfigFromEnv({ ...minio, S3_REGION: "auto", S3_FORCE_PATH_STYLE: "0" })).toMatchObject({
      region: "auto",
      forcePathStyle: false,
    });
  });

  it("AWS itself: the region is required; without keys the SDK's own credentials (an instance role) are used", () => {
    expect(() => parseS3ConfigFromEnv({ S3_BUCKET: "vpm-uploads" })).toThrow(/S3_REGION: required with S3_BUCKET/);
    expect(parseS3ConfigFromEnv({ S3_BUCKET: "vpm-uploads", S3_REGION: "eu-west-1" })).toEqual({
      bucket: "vpm-uploads",
      endpoint: undefined,
      region: "eu-west-1",
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it("stops start-up with a message naming each missing companion", () => {
    const endpointOnly = () => parseConfig({ DATA_DIR: dir(), S3_BUCKET: "b-1", S3_ENDPOINT: "http://s3.local:9000" });
    expect(endpointOnly).toThrow(ConfigError);
    expect(endpointOnly).toThrow(/S3_ACCESS_KEY_ID: required with S3_ENDPOINT/);
    expect(endpointOnly).toThrow(/S3_SECRET_ACCESS_KEY: required with S3_ENDPOINT/);
    expect(() => parseConfig({ DATA_DIR: dir(), ...minio, S3_SECRET_ACCESS_KEY: "" })).toThrow(
      /S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID/,
    );
    expect(() => parseConfig({ DATA_DIR: dir(), ...minio, S3_ACCESS_KEY_ID: undefined })).toThrow(
      /S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY/,
    );
  });

  it("S3_* companions without S3_BUCKET are a mistake, not a silent fall back to one host's disk", () => {
    expect(() =>
      parseConfig({ DATA_DIR: dir(), S3_ENDPOINT: "http://127.0.0.1:9000", S3_ACCESS_KEY_ID: "abc" }),
    ).toThrow(/S3_BUCKET: required when S3_ENDPOINT, S3_ACCESS_KEY_ID are set/);
  });

  it("names the variable when a value is bad", () => {
    expect(() => parseConfig({ DATA_DIR: dir(), ...minio, S3_BUCKET: "Has_Capitals" })).toThrow(/S3_BUCKET: must be/);
    expect(() => parseConfig({ DATA_DIR: dir(), ...minio, S3_ENDPOINT: "ftp://x" })).toThrow(/S3_ENDPOINT: must be/);
    expect(() => parseConfig({ DATA_DIR: dir(), ...minio, S3_ENDPOINT: "localhost:9000" })).toThrow(
      /S3_ENDPOINT: must be/,
    );
    expect(() => parseConfig({ DATA_DIR: dir(), ...minio, S3_FORCE_PATH_STYLE: "maybe" })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
    expect(() => parseConfig({ DATA_DIR: dir(), ...minio, S3_REGION: "US East" })).toThrow(/S3_REGION: must be/);
  });
});
