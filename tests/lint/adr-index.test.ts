import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * Issue 37 item 6: ADRs that can be trusted. Each `docs/decisions/NNN-*.md` starts with its heading
 * and, right under it, `Status: … · Date: YYYY-MM-DD`; a Status names only ADRs that exist; and
 * `docs/decisions/README.md` lists every ADR in its index, once, with the status the file gives when
 * it is not plain `accepted` (docs/decisions/README.md says how to write them).
 */

interface AdrFile {
  /** The file's name, `NNN-what-was-decided.md`. */
  readonly name: string;
  readonly text: string;
}

const ADR_FILE = /^(\d{3})-.+\.md$/;
const HEADING = /^# (\d{3})[.:] \S/;
/** `accepted`, `accepted, amended`, `accepted, amended by 143, 145`, `superseded by 060`. */
const STATUS = /^(?:accepted(?:, amended(?: by \d{3}(?:, \d{3})*)?)?|superseded by \d{3}(?:, \d{3})*)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INDEX_ENTRY = /^- \[(.+)\]\((\d{3}-[^)]+\.md)\)(?: — (.+))?$/;
const ADR_LINK = /\]\(((?:\.\/)?\d{3}-[^)#]+\.md)(?:#[^)]*)?\)/g;

function isCalendarDay(day: string): boolean {
  if (!DATE.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** The Status and Date an ADR states under its heading, or what is wrong with them. */
function statusOf(adr: AdrFile): { status?: string; problems: string[] } {
  const lines = adr.text.split('\n');
  const problems: string[] = [];
  const number = ADR_FILE.exec(adr.name)?.[1];
  const heading = HEADING.exec(lines[0] ?? '');
  if (!heading || heading[1] !== number) problems.push(`${adr.name}: the first line must be its heading, "# ${number}: title"`);
  // Right under the heading: the first line that is not blank.
  const at = lines.findIndex((line, i) => i > 0 && line.trim() !== '');
  const line = at === -1 ? '' : (lines[at] ?? '');
  if (!line.startsWith('Status: ')) {
    problems.push(`${adr.name}: no "Status: … · Date: YYYY-MM-DD" line right under the heading`);
    return { problems };
  }
  // `Status: accepted · Date: 2026-11-22`, or the Date on the line after.
  const [statusPart = '', datePart] = line.slice('Status: '.length).split(' · ');
  const status = statusPart.trim();
  const dateLine = datePart ?? lines[at + 1] ?? '';
  if (!STATUS.test(status)) {
    problems.push(`${adr.name}: Status "${status}" is none of "accepted", "accepted, amended", "accepted, amended by N, M", "superseded by N"`);
  }
  const day = dateLine.startsWith('Date: ') ? dateLine.slice('Date: '.length).trim() : undefined;
  if (day === undefined) problems.push(`${adr.name}: no Date after its Status ("Status: … · Date: YYYY-MM-DD")`);
  else if (!isCalendarDay(day)) problems.push(`${adr.name}: Date "${day}" is not a day written YYYY-MM-DD`);
  return { status, problems };
}

/** What is wrong with the decisions folder, one sentence per problem; empty when it is whole. */
function adrProblems(adrs: readonly AdrFile[], readme: string): string[] {
  const problems: string[] = [];
  const byNumber = new Map<string, AdrFile>();
  for (const adr of adrs) {
    const number = ADR_FILE.exec(adr.name)?.[1];
    if (number === undefined) continue;
    const other = byNumber.get(number);
    if (other) problems.push(`${adr.name} and ${other.name} share the number ${number}`);
    byNumber.set(number, adr);
  }

  const statuses = new Map<string, string>();
  for (const adr of adrs) {
    const { status, problems: own } = statusOf(adr);
    problems.push(...own);
    if (status === undefined) continue;
    statuses.set(adr.name, status);
    const self = ADR_FILE.exec(adr.name)?.[1];
    for (const named of status.match(/\d{3}/g) ?? []) {
      if (named === self) problems.push(`${adr.name}: its Status names itself (${named})`);
      else if (!byNumber.has(named)) problems.push(`${adr.name}: its Status names ADR ${named}, which does not exist`);
    }
  }

  // Every link to an ADR, anywhere in the README, reaches a file.
  const names = new Set(adrs.map((adr) => adr.name));
  for (const [, target = ''] of readme.matchAll(ADR_LINK)) {
    const name = target.replace(/^\.\//, '');
    if (!names.has(name)) problems.push(`README.md links to ${name}, which does not exist`);
  }

  // The index: from "## Index" to the next section of the same level.
  const lines = readme.split('\n');
  const start = lines.findIndex((line) => line.trim() === '## Index');
  if (start === -1) return [...problems, 'README.md has no "## Index" section'];
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  const listed = new Map<string, number>();
  for (const line of lines.slice(start + 1, end === -1 ? undefined : end)) {
    const entry = INDEX_ENTRY.exec(line);
    if (!entry) continue;
    const [, text = '', name = '', shown] = entry;
    listed.set(name, (listed.get(name) ?? 0) + 1);
    const status = statuses.get(name);
    if (!names.has(name) || status === undefined) continue;
    const number = name.slice(0, 3);
    if (!text.startsWith(`${number}: `)) problems.push(`README.md: the index line of ${name} must read "[${number}: title](${name})"`);
    if (status === 'accepted' && shown !== undefined) problems.push(`README.md: ${name} is plain accepted, but its index line says "${shown}"`);
    if (status !== 'accepted' && shown !== status) problems.push(`README.md: the index line of ${name} must end " — ${status}", as its Status says`);
  }
  for (const adr of adrs) {
    const count = listed.get(adr.name) ?? 0;
    if (count === 0) problems.push(`README.md: ${adr.name} is not in the index (add "- [${adr.name.slice(0, 3)}: title](${adr.name})" under its area)`);
    if (count > 1) problems.push(`README.md: ${adr.name} is listed ${count} times in the index`);
  }
  return problems;
}

const dir = path.join(process.cwd(), 'docs/decisions');

function readFolder(): { adrs: AdrFile[]; readme: string } {
  const adrs = readdirSync(dir)
    .filter((name) => ADR_FILE.test(name))
    .sort()
    .map((name) => ({ name, text: readFileSync(path.join(dir, name), 'utf8') }));
  return { adrs, readme: readFileSync(path.join(dir, 'README.md'), 'utf8') };
}

describe('docs/decisions', () => {
  test('every ADR has its Status and Date, names only ADRs that exist, and is in the index with its status', () => {
    const { adrs, readme } = readFolder();
    expect(adrs.length).toBeGreaterThan(100);
    expect(adrProblems(adrs, readme)).toEqual([]);
  });
});

describe('the checks themselves', () => {
  const adr = (name: string, status: string | null, heading = `# ${name.slice(0, 3)}: A decision`): AdrFile => ({
    name,
    text: [heading, '', ...(status === null ? [] : [status, '']), '## Context', 'Why.', ''].join('\n'),
  });
  const first = adr('001-first.md', 'Status: superseded by 002 · Date: 2026-11-22');
  const second = adr('002-second.md', 'Status: accepted · Date: 2026-11-23');
  const index = (...entries: string[]) => ['# ADRs', '', '## Index', '', '### Area', '', ...entries, '', '## Keeping the index whole', ''].join('\n');
  const readme = index('- [001: A decision](001-first.md) — superseded by 002', '- [002: A decision](002-second.md)');

  test('a whole folder passes', () => {
    expect(adrProblems([first, second], readme)).toEqual([]);
  });

  test.each([
    ['an ADR without a Status line', [first, adr('002-second.md', null)], readme, '002-second.md: no "Status:'],
    ['a Status line below the Context', [first, { name: '002-second.md', text: '# 002: A decision\n\n## Context\nStatus: accepted · Date: 2026-11-23\n' }], readme, '002-second.md: no "Status:'],
    ['a Status without a Date', [first, adr('002-second.md', 'Status: accepted')], readme, '002-second.md: no Date'],
    ['a Date that is no day', [first, adr('002-second.md', 'Status: accepted · Date: 2026-13-40')], readme, 'Date "2026-13-40"'],
    ['a Status of another form', [first, adr('002-second.md', 'Status: proposed · Date: 2026-11-23')], readme, 'Status "proposed"'],
    ['a Status naming an ADR that does not exist', [adr('001-first.md', 'Status: superseded by 009 · Date: 2026-11-22'), second], index('- [001: A decision](001-first.md) — superseded by 009', '- [002: A decision](002-second.md)'), 'names ADR 009, which does not exist'],
    ['an amendment by an ADR that does not exist', [first, adr('002-second.md', 'Status: accepted, amended by 001, 147 · Date: 2026-11-23')], index('- [001: A decision](001-first.md) — superseded by 002', '- [002: A decision](002-second.md) — accepted, amended by 001, 147'), 'names ADR 147'],
    ['a heading whose number is not the file\'s', [first, adr('002-second.md', 'Status: accepted · Date: 2026-11-23', '# 020: A decision')], readme, 'the first line must be its heading'],
    ['an ADR missing from the index', [first, second, adr('003-third.md', 'Status: accepted · Date: 2026-11-24')], readme, '003-third.md is not in the index'],
    ['an index line linking to no file', [first, second], index('- [001: A decision](001-first.md) — superseded by 002', '- [002: A decision](002-second.md)', '- [003: Gone](003-gone.md)'), 'links to 003-gone.md, which does not exist'],
    ['an index line without the status the file gives', [first, second], index('- [001: A decision](001-first.md)', '- [002: A decision](002-second.md)'), 'must end " — superseded by 002"'],
    ['an index line giving a status to a plain accepted ADR', [first, second], index('- [001: A decision](001-first.md) — superseded by 002', '- [002: A decision](002-second.md) — superseded by 001'), 'is plain accepted'],
    ['an ADR listed twice', [first, second], index('- [001: A decision](001-first.md) — superseded by 002', '- [002: A decision](002-second.md)', '- [002: A decision](002-second.md)'), 'listed 2 times'],
  ])('%s is found', (_name, adrs, text, problem) => {
    expect(adrProblems(adrs, text)).toContainEqual(expect.stringContaining(problem));
  });
});
