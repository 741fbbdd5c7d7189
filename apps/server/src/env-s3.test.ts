import { describe, expect, it } from "vitest";
import { readEnv } from "./env.ts";

describe("S3 configuration", () => {
  it("is off without S3_BUCKET and read whole with it", () => {
    expect(readEnv({}).s3).toBeUndefined();
    expect(
      readEnv({
        S3_BUCKET: "sightline-media",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
        S3_PREFIX: "prod/eu",
      }).s3,
    ).toEqual({
      bucket: "sightline-media",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9000",
      credentials: { accessKeyId: "id", secretAccessKey: "secret" },
      forcePathStyle: true,
      prefix: "prod/eu",
    });
  });

  it("names each mistake", () => {
    expect(() => readEnv({ S3_BUCKET: "Bad_Bucket" })).toThrow(/S3_BUCKET: must be an S3 bucket/);
    expect(() => readEnv({ S3_BUCKET: "ok-bucket", S3_ACCESS_KEY_ID: "id" })).toThrow(
      /S3_SECRET_ACCESS_KEY: must be set together/,
    );
    expect(() => readEnv({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(
      /S3_BUCKET: is required with S3_ENDPOINT/,
    );
    expect(() => readEnv({ S3_BUCKET: "ok-bucket", S3_PREFIX: "../x" })).toThrow(/S3_PREFIX/);
    expect(() => readEnv({ S3_BUCKET: "ok-bucket", S3_ENDPOINT: "ftp://x" })).toThrow(
      /S3_ENDPOINT/,
    );
  });
});
