import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from '../api/api-error';
import { ReadError } from './read-error';

const notFound = { title: 'Player not found', message: 'This player does not exist.' };

it("says a 404 in the page's words, with no Try again", () => {
  render(
    <MemoryRouter>
      <ReadError
        error={new ApiError({ message: 'Not found', statusCode: 404 })}
        title="Could not load this profile"
        notFound={notFound}
        onRetry={jest.fn()}
      />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Player not found' })).toBeInTheDocument();
  expect(screen.getByText('This player does not exist.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
});

it("says any other failure with the API's message and tries again", async () => {
  const onRetry = jest.fn();
  render(
    <MemoryRouter>
      <ReadError
        error={new ApiError({ message: 'Network down', statusCode: 503 })}
        title="Could not load this profile"
        notFound={notFound}
        onRetry={onRetry}
      />
    </MemoryRouter>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('Could not load this profileNetwork down');
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});
