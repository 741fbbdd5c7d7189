export declare const serverBundle: string;
export declare const serverBundleUrl: string;
export declare const compileCacheDir: string;
export declare function serverBuildIsFresh(stamp?: string): boolean;
export declare function ensureServerBuild(options?: { quiet?: boolean }): Promise<{
  built: boolean;
  ms: number;
}>;
