import type { ChildProcess, StdioOptions } from 'node:child_process';

export const root: string;
export function haproxyBinary(): string | undefined;
export function haproxyConfig(options: {
  port: number;
  backends: number[];
  checkMs?: number;
  checkPath?: string;
  host?: string;
}): string;
export function startHaproxy(file: string, config: string, options?: { stdio?: StdioOptions }): ChildProcess;
export function startServerProcess(options: {
  port: number;
  env?: Record<string, string>;
  stdio?: StdioOptions;
}): ChildProcess;
export function waitHealthy(
  url: string,
  options?: { child?: ChildProcess; timeoutMs?: number },
): Promise<void>;
