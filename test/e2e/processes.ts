/**
 * Teardown that leaves nothing behind. Every process the run starts (code-server, its extension
 * host, Chromium and its helpers, anything those spawn) inherits the environment variable
 * CORESOUL_E2E_RUN=<harness pid>-<nonce>. Teardown finds exactly those processes by reading
 * /proc/<pid>/environ, adds their descendants and the members of process groups they lead
 * (Chromium's zygote rewrites its environment, so its renderers show no mark), and ends them by
 * pid: SIGTERM, then SIGKILL for any still there. Chromium is launched by Playwright in its own
 * process group, so killing one group would not do.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';

const VAR = 'CORESOUL_E2E_RUN';

/** Marks this process so that everything it starts from now on can be found again. */
export function markRun(): string {
  const mark = `${process.pid}-${randomBytes(4).toString('hex')}`;
  process.env[VAR] = mark;
  return mark;
}

/** Pids whose environment carries `VAR=<value>` for which `pick(value)` holds (never this process). */
function markedProcesses(pick: (value: string) => boolean): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let env: string;
    try {
      env = fs.readFileSync(`/proc/${pid}/environ`, 'latin1');
    } catch {
      continue; // gone already, or not ours to read
    }
    for (const kv of env.split('\0')) {
      if (kv.startsWith(`${VAR}=`) && pick(kv.slice(VAR.length + 1))) found.push(pid);
    }
  }
  return found;
}

/** Every process's parent and process group, from /proc/<pid>/stat. */
function processTable(): { pid: number; ppid: number; pgid: number }[] {
  const rows: { pid: number; ppid: number; pgid: number }[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'latin1');
      // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses.
      const [, ppid, pgid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      rows.push({ pid: Number(entry), ppid: Number(ppid), pgid: Number(pgid) });
    } catch {
      /* gone already */
    }
  }
  return rows;
}

/** The marked processes, their descendants, and the members of the groups they lead. */
function withFamily(marked: number[]): number[] {
  const family = new Set(marked);
  const table = processTable();
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of table) {
      if (p.pid === process.pid || family.has(p.pid)) continue;
      if (family.has(p.ppid) || (family.has(p.pgid) && marked.includes(p.pgid))) {
        family.add(p.pid);
        grew = true;
      }
    }
  }
  return [...family];
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const signal = (pids: number[], sig: NodeJS.Signals) => {
  for (const pid of pids) {
    try {
      process.kill(pid, sig);
    } catch {
      /* already gone */
    }
  }
};

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Ends every process marked with `mark` (synchronous, so it also works in an exit handler).
 * Returns how many were found.
 */
export function killMarked(mark: string, graceMs = 3000): number {
  const pids = withFamily(markedProcesses((v) => v === mark));
  if (!pids.length) return 0;
  signal(pids, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && pids.some(alive)) sleepSync(100);
  // Late children (forked while we waited) are found again the same way.
  signal([...new Set([...pids.filter(alive), ...withFamily(markedProcesses((v) => v === mark))])], 'SIGKILL');
  return pids.length;
}

/** Ends processes left by earlier runs whose harness died without tearing down (e.g. SIGKILL). */
export function killOrphansOfDeadRuns(): number {
  let count = 0;
  const marks = new Set<string>();
  markedProcesses((v) => {
    const owner = Number(v.split('-')[0]);
    if (Number.isInteger(owner) && owner !== process.pid && !alive(owner)) marks.add(v);
    return false;
  });
  for (const m of marks) count += killMarked(m);
  return count;
}

/** Processes of this run still alive (for the final check). */
export function survivors(mark: string): number[] {
  return withFamily(markedProcesses((v) => v === mark));
}
