/**
 * Reads upstream fixtures straight from a git mirror (a bare repository, no work tree): file names with
 * `git ls-tree`, contents with `git show`, so nothing upstream is ever copied into this repository.
 */
import { execFileSync } from 'node:child_process';

/** One upstream git mirror. */
export interface Mirror {
  dir: string;
  commit: string;
  files(prefix: string): string[];
  show(path: string): string;
}

function git(dir: string, args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** Opens the mirror at `dir` at its HEAD. */
export function openMirror(dir: string): Mirror {
  const commit = git(dir, ['rev-parse', 'HEAD']).trim();
  const all = git(dir, ['ls-tree', '-r', '--name-only', 'HEAD']).split('\n').filter(Boolean);
  return {
    dir,
    commit,
    files: (prefix) => all.filter((path) => path.startsWith(prefix)),
    show: (path) => git(dir, ['show', `HEAD:${path}`]),
  };
}
