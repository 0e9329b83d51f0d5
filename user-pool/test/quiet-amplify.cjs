// Amplify warns on every configure that a custom user pool endpoint is in use: that is the point here.
const warn = console.warn;
console.warn = (...args) => {
  if (args.some((arg) => typeof arg === 'string' && arg.includes('custom Amazon Amazon Cognito User Pool endpoint')))
    return;
  warn(...args);
};
