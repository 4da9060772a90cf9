import { testFolder } from './testers/folder.js';
import { testGit } from './testers/git.js';
import { testHttp, testPrometheus } from './testers/http.js';
import { testMysql } from './testers/mysql.js';
import { testPostgres } from './testers/postgres.js';
import { testRedis } from './testers/redis.js';
import { testSmtp } from './testers/smtp.js';
import type { ConnectionTester } from './testers/tester.js';

/** Connection types this server can reach to test; others are validated only. Adding one is one line. */
export const CONNECTION_TESTERS: Readonly<Record<string, ConnectionTester>> = {
  postgres: testPostgres,
  mysql: testMysql,
  redis: testRedis,
  http: testHttp,
  prometheus: testPrometheus,
  email: testSmtp,
  git: testGit,
  folder: testFolder,
};
