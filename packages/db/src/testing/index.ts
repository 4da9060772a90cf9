export { createPostgresTestUrl, createTestDatabase, testAdminUrl, testEngine } from './test-database.js';
