export { runBuild } from '../build/cli/run-build.ts';
