import Sqlite from 'libsql';
import { describe, expect, test } from 'vitest';
import { withStatementCache, type SqliteLike } from '#server/db/statement-cache';

// The embedded database reuses prepared statements (ADR 105). These tests pin what the reuse
// relies on in libsql: `all`, `run` and `iterate` restart a statement on every call.
function database() {
  const sqlite = new Sqlite(':memory:');
  sqlite.exec('create table item (id integer primary key, name text unique)');
  let prepared = 0;
  const counting: SqliteLike = {
    prepare(sql) {
      prepared++;
      return (sqlite as unknown as SqliteLike).prepare(sql);
    },
    close: () => sqlite.close(),
  };
  return { cached: withStatementCache(counting, 3), prepared: () => prepared };
}

describe('statement cache', () => {
  test('the same SQL is prepared once and gives each call its own answer', () => {
    const { cached, prepared } = database();
    const insert = cached.prepare('insert into item (name) values (?)');
    for (const name of ['a', 'b', 'c']) insert.run([name]);
    expect(cached.prepare('insert into item (name) values (?)')).toBe(insert);
    expect(insert.reader).toBe(false);
    const select = 'select name from item where id > ? order by id';
    expect(cached.prepare(select).reader).toBe(true);
    expect(cached.prepare(select).all([0])).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    expect(cached.prepare(select).all([2])).toEqual([{ name: 'c' }]);
    // A stream left half read does not leak into the next call.
    const rows = cached.prepare(select).iterate([0]);
    expect(rows.next().value).toEqual({ name: 'a' });
    expect(cached.prepare(select).all([1])).toEqual([{ name: 'b' }, { name: 'c' }]);
    expect(prepared()).toBe(2);
  });

  test('a statement that failed (a constraint) works on its next call', () => {
    const { cached } = database();
    const insert = cached.prepare('insert into item (name) values (?)');
    insert.run(['a']);
    expect(() => insert.run(['a'])).toThrow(/UNIQUE/);
    expect(insert.run(['b']).changes).toBe(1);
  });

  test('bounded: the least recently used statement is dropped first', () => {
    const { cached, prepared } = database();
    const sql = (n: number) => `select ${n} as n`;
    for (const n of [1, 2, 3]) cached.prepare(sql(n));
    cached.prepare(sql(1)); // 1 is now the most recent; 2 the oldest
    cached.prepare(sql(4));
    expect(cached.cached).toBe(3);
    expect(prepared()).toBe(4);
    cached.prepare(sql(1));
    cached.prepare(sql(3));
    expect(prepared()).toBe(4);
    cached.prepare(sql(2));
    expect(prepared()).toBe(5);
    expect(cached.prepare(sql(2)).all([])).toEqual([{ n: 2 }]);
  });

  test('a schema change reaches a cached statement', () => {
    const { cached } = database();
    cached.prepare('insert into item (name) values (?)').run(['a']);
    const select = cached.prepare('select * from item');
    expect(select.all([])).toEqual([{ id: 1, name: 'a' }]);
    cached.prepare('alter table item add column colour text').run([]);
    expect(cached.prepare('select * from item').all([])).toEqual([{ id: 1, name: 'a', colour: null }]);
    cached.close();
    expect(cached.cached).toBe(0);
  });
});
