import { describe, expect, it } from 'vitest';
import { maskUrl, urlIssue, urlPassword, withUrlPassword } from './connection-url-rules.js';
import { validateConnectionFields } from './connections.js';

describe('URL passwords', () => {
  it.each([
    ['postgres://app:s3cr%40t@db:5432/prod', 's3cr%40t', 'postgres://app:********@db:5432/prod'],
    ['mysql://root:pw@127.0.0.1:3306/x', 'pw', 'mysql://root:********@127.0.0.1:3306/x'],
    ['redis://:pw@cache:6379/0', 'pw', 'redis://:********@cache:6379/0'],
    ['https://bob:hunter2@api.example.com/v1', 'hunter2', 'https://bob:********@api.example.com/v1'],
    ['smtp://u:p@mail:587/?from=x', 'p', 'smtp://u:********@mail:587/?from=x'],
    ['app:pw@tcp(db:3306)/prod', 'pw', 'app:********@tcp(db:3306)/prod'],
    ['host=db user=app password=pw dbname=x', 'pw', 'host=db user=app password=******** dbname=x'],
    ['http://host/path?user=a&password=pw&x=1', 'pw', 'http://host/path?user=a&password=********&x=1'],
  ])('finds and masks the password of %s', (url, password, masked) => {
    expect(urlPassword(url)).toBe(password);
    expect(maskUrl(url)).toBe(masked);
    expect(withUrlPassword(masked, password)).toBe(url);
  });

  it.each(['postgres://app@db/prod', 'https://api.example.com', 'redis://cache:6379', 'git@github.com:o/r.git'])(
    'finds none in %s',
    (url) => {
      expect(urlPassword(url)).toBeNull();
      expect(maskUrl(url)).toBe(url);
    },
  );
});

describe('URL validation', () => {
  it('refuses unparseable and wrong-scheme URLs without repeating the value', () => {
    expect(urlIssue('postgres', 'Postgres', 'not a url at all :pw')).toBe(
      'not a valid Postgres URL; expected postgres://user@host:5432/database',
    );
    expect(urlIssue('git', 'Git', 'file:///etc')).toBe('file:// is not accepted for Git (use https:// or ssh://)');
    expect(urlIssue('git', 'Git', '/srv/repo.git')).toMatch(/^not a valid Git URL/);
    expect(urlIssue('http', 'HTTP', 'http://exa mple.com')).toMatch(/^not a valid HTTP URL/);
  });

  it('accepts the forms each type takes', () => {
    expect(urlIssue('postgres', 'Postgres', 'host=db user=app')).toBeNull();
    expect(urlIssue('mysql', 'MySQL', 'app:pw@tcp(db:3306)/prod')).toBeNull();
    expect(urlIssue('mysql', 'MySQL', '127.0.0.1:3306')).toBeNull();
    expect(urlIssue('redis', 'Redis', 'cache:6379')).toBeNull();
    expect(urlIssue('git', 'Git', 'git@github.com:owner/repo.git')).toBeNull();
    expect(urlIssue('mongo', 'MongoDB', 'mongodb://a:1,b:2/db')).toBeNull();
    expect(urlIssue('folder', 'Folder', '/anything')).toBeNull();
  });

  it('is a field issue of the form and the server', () => {
    expect(
      validateConnectionFields({ type: 'postgres', url: 'postgres//broken', username: 'u', password: 'p' }),
    ).toEqual([{ path: 'url', message: 'not a valid Postgres URL; expected postgres://user@host:5432/database' }]);
  });
});

describe('hostile URLs', () => {
  it('answer at once (no exponential backtracking)', () => {
    const hostile = `password='${'\\'.repeat(5000)}x`;
    const started = performance.now();
    urlPassword(hostile);
    maskUrl(hostile);
    urlIssue('postgres', 'Postgres', hostile);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
