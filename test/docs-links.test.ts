import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README is a page or two and links into docs/; the docs link to each other, to SECURITY.md,
// CONTRIBUTING.md and the screenshots. Moving or renaming a file must not leave a link behind:
// every relative link (markdown or <img src>) must name a file in the repository, and an anchor
// must name a heading of the file it points into.

const ROOT = path.resolve(import.meta.dirname, '..');
const DOCS = ['README.md', 'CONTRIBUTING.md', 'SECURITY.md', ...fs.readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** The text outside fenced code blocks and inline code spans (links there are examples, not links). */
function prose(markdown: string): string {
  return markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .replace(/`[^`\n]*`/g, '');
}

function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const targets: string[] = [];
  for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1]!);
  for (const match of text.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)) targets.push(match[1]!);
  return targets;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutCode = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = match[1]!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

describe('links in the README and docs', () => {
  it('finds the documents', () => {
    expect(DOCS).toContain('docs/architecture.md');
    expect(DOCS.length).toBeGreaterThan(5);
  });

  it.each(DOCS)('%s: every relative link names an existing file, and every anchor a heading', (doc) => {
    const markdown = fs.readFileSync(path.join(ROOT, doc), 'utf8');
    const broken: string[] = [];
    for (const target of linkTargets(markdown)) {
      if (isExternal(target)) continue;
      const [file, anchor] = target.split('#') as [string, string | undefined];
      const resolved = file === '' ? path.join(ROOT, doc) : path.resolve(path.dirname(path.join(ROOT, doc)), decodeURI(file));
      if (path.relative(ROOT, resolved).startsWith('..')) {
        broken.push(`${target} (outside the repository)`);
      } else if (!fs.existsSync(resolved)) {
        broken.push(`${target} (no such file)`);
      } else if (anchor && resolved.endsWith('.md') && !anchorsOf(fs.readFileSync(resolved, 'utf8')).has(anchor)) {
        broken.push(`${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('reads GitHub anchors as GitHub writes them', () => {
    expect([...anchorsOf("## The API rate limit's cost on create\n### Drivers' positions at fleet scale\n## A\n## A")]).toEqual([
      'the-api-rate-limits-cost-on-create',
      'drivers-positions-at-fleet-scale',
      'a',
      'a-1',
    ]);
  });
});
