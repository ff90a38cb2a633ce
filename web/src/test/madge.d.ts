// The part of madge's API the layers test uses (the package ships no types).
declare module 'madge' {
  interface MadgeResult {
    /** Each cycle as the module paths (relative to the base folder) it runs through. */
    circular(): string[][];
  }
  interface MadgeConfig {
    fileExtensions?: string[];
    tsConfig?: string;
    baseDir?: string;
  }
  export default function madge(path: string, config?: MadgeConfig): Promise<MadgeResult>;
}
