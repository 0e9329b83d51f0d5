import { setRuntimeConfig } from '@bullpen/shared';
import { render, screen } from '@testing-library/react';
import { Amplify } from 'aws-amplify';
import AuthPage from '../src/app/pages/auth-page';
import { createAuthServices } from '../src/features/authenticator/services/auth-services';
import { configureAmplify } from './support/amplify';

const CONFIGURATION_ERROR = 'Configuration error (see console) – please contact the administrator';

let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  // The host found no user pool in config.json, and Amplify has none.
  setRuntimeConfig(null);
  Amplify.configure({});
});
afterEach(() => consoleError.mockRestore());

describe('No user pool configured', () => {
  it('shows the configuration error instead of the forms and explains in the console', async () => {
    render(<AuthPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(CONFIGURATION_ERROR);
    expect(screen.getByRole('heading', { name: 'Bullpen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('no Cognito user pool'));
  });

  it('shows the forms as soon as the host configures the pool', async () => {
    render(<AuthPage />);
    await screen.findByText(CONFIGURATION_ERROR);
    configureAmplify();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText(CONFIGURATION_ERROR)).not.toBeInTheDocument();
  });

  it("turns Amplify's missing-pool error from any sign-in call into the product's text", async () => {
    const services = createAuthServices() as unknown as {
      handleSignIn: (input: { username: string; password: string }) => Promise<unknown>;
      handleForgotPassword: (input: { username: string }) => Promise<unknown>;
    };
    await expect(
      services.handleSignIn({
        username: '+15555550123',
        password: 'long enough',
      }),
    ).rejects.toMatchObject({
      name: 'NoUserPoolError',
      message: CONFIGURATION_ERROR,
    });
    await expect(services.handleForgotPassword({ username: '+15555550123' })).rejects.toMatchObject({
      message: CONFIGURATION_ERROR,
    });
  });
});
