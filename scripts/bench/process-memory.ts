import { readFileSync } from 'node:fs';

/** VmRSS from a /proc/<pid>/status text, in MiB; null when the line is missing (a kernel thread, a zombie). */
export function parseResidentMiB(status: string): number | null {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  return match ? Number(match[1]) / 1024 : null;
}

/** The resident memory of one process (not its children) in MiB; null when there is no such process to read. */
export function residentMiB(pid: number): number | null {
  try {
    return parseResidentMiB(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return null;
  }
}
