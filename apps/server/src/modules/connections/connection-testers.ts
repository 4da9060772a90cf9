import { testAws, testGoogle } from './testers/cloud.js';
import { FOLDER_TEST_UNAVAILABLE } from './testers/folder.js';
import { testGit } from './testers/git.js';
import { testHttp, testPrometheus } from './testers/http.js';
import { HTTP_API_TESTERS } from './testers/http-apis.js';
import { testKubernetes } from './testers/kubernetes.js';
import { testMysql } from './testers/mysql.js';
import { testPostgres } from './testers/postgres.js';
import { testRedis } from './testers/redis.js';
import { testSmtp } from './testers/smtp.js';
import type { ConnectionTester } from './testers/tester.js';

/** Connection types this server really reaches to test. Adding one is one line. */
export const CONNECTION_TESTERS: Readonly<Record<string, ConnectionTester>> = {
  postgres: testPostgres,
  mysql: testMysql,
  redis: testRedis,
  http: testHttp,
  prometheus: testPrometheus,
  email: testSmtp,
  git: testGit,
  aws: testAws,
  s3: testAws,
  google_cloud: testGoogle,
  gcs: testGoogle,
  kubernetes: testKubernetes,
  ...HTTP_API_TESTERS,
};

/**
 * Why a type has no test, where there is more to say than "no client for it here". Every other type
 * without a tester answers that a test is not available.
 */
export const UNAVAILABLE_REASONS: Readonly<Record<string, string>> = {
  folder: FOLDER_TEST_UNAVAILABLE,
  generic_webhook: 'testing a webhook would send it a message',
  ifttt: 'testing a webhook would send it a message',
  google_chat: 'testing a webhook would send it a message',
  teams: 'testing a webhook would send it a message',
};
