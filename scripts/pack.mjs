// The packed tarball, as a user installs it: `npm pack` of the built package into a folder.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Packs the package at `root` (dist/ must be built) into `destination`; returns the tarball's path. */
export function packTarball(root, destination) {
  execFileSync('npm', ['pack', '--pack-destination', destination, '--silent'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const tarball = readdirSync(destination).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack made no tarball');
  return join(destination, tarball);
}
