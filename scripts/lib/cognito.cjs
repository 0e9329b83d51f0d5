// One call to a Cognito-compatible user pool (the local pool, or Amazon Cognito's endpoint) in its JSON protocol, as
// the e2e journeys and the benchmarks seed users with it. A refusal throws with the pool's error name and message.
// CommonJS, so that the e2e journeys (compiled to CommonJS for jest) and the ES-module scripts both load it.

/** @returns {Promise<Record<string, any>>} the pool's answer */
async function cognitoCall(poolUrl, operation, body) {
  const response = await fetch(poolUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${operation} failed: ${data.__type ?? response.status} ${data.message ?? ''}`);
  return data;
}

module.exports = { cognitoCall };
