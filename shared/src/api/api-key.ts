// SWR keys, one convention for every app so any remote can refresh another's data:
//   a GET read's key is its path string:          '/contest/upcoming'
//   a POST read's key is the tuple [path, body]:  ['/contest/get-contest', { contestId }]
// A module of its own: main.js's early reads name keys without the SWR layer.
export type ApiKey = string | readonly [string, unknown];
