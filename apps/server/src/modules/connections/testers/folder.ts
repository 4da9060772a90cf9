/**
 * Folder connections name a path on the server. Testing one would tell whoever may test connections
 * whether any path of the server exists and is readable, so there is no folder test: the answer says so
 * (see docs/connections.md, "Test").
 */
export const FOLDER_TEST_UNAVAILABLE = 'the server does not reveal which of its paths exist';
