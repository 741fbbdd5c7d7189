import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const TEST_S3_BUCKET = "sightline-test";

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  /** S3_* variables pointing the app at this server. */
  env: Record<string, string>;
  close: () => Promise<void>;
};

/**
 * A real S3-compatible server (s3rver, from npm) on a free port with a temp folder, for the S3
 * storage tests. Undefined, with the reason, when it cannot start here: the caller skips loudly.
 */
export async function startTestS3Server(): Promise<TestS3Server | { unavailable: string }> {
  const directory = mkdtempSync(path.join(tmpdir(), "sightline-s3-"));
  try {
    const { default: S3rver } = await import("s3rver");
    const server = new S3rver({
      address: "127.0.0.1",
      port: 0,
      directory,
      silent: true,
      configureBuckets: [{ name: TEST_S3_BUCKET }],
    });
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    return {
      endpoint,
      bucket: TEST_S3_BUCKET,
      env: {
        S3_BUCKET: TEST_S3_BUCKET,
        S3_ENDPOINT: endpoint,
        S3_REGION: "us-east-1",
        // s3rver's fixed development credentials.
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_FORCE_PATH_STYLE: "true",
      },
      close: async () => {
        await server.close();
        rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    return { unavailable: (error as Error).message };
  }
}
