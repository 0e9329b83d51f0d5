// '@bullpen/shared/schemas': the API contract, which lives in @bullpen/contract, under the entry the apps import it by.
// Bundled into each app that imports it, like any subpath entry (docs/host-remote-contract.md).
export * from '@bullpen/contract';
