// One PostgreSQL cluster for the whole test run (vitest globalSetup); each test file makes
// databases of its own in it (stores.ts), so files never see each other's data.
import type { TestProject } from 'vitest/node';
import { startPgCluster } from './pg-cluster.js';

export default async function setup(project: TestProject): Promise<() => void> {
  const cluster = await startPgCluster();
  project.provide('pgAdminUrl', cluster.adminUrl);
  return () => cluster.destroy();
}
