export {
  createPostgresTestUrl,
  createTestDatabase,
  dropRunDatabases,
  testAdminUrl,
  testEngine,
} from './test-database.js';
