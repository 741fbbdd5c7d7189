export declare const root: string;
export declare function webBuildIsFresh(): boolean;
export declare function ensureWebBuild(options?: { quiet?: boolean }): {
  built: boolean;
  ms: number;
};
export declare function webBuildCommand(quiet?: boolean): string[];
