// Bullpen's UI kit: the pieces every screen is made of, styled by the shared theme (ui.css, CSS variables). Each
// component imports the stylesheet itself: this index is side-effect free, so a bundler drops its own imports.

export { Badge, type BadgeTone } from './badge';
export { Button, ButtonLink, type ButtonProps, type ButtonVariant } from './button';
export { Card, type CardProps } from './card';
export { CopyButton } from './copy-button';
export { Countdown } from './countdown';
export { type Column, DataTable, type DataTableProps, type FooterRow } from './data-table';
export { ConfirmDialog, type ConfirmDialogProps } from './dialog';
export { Combobox, type ComboboxProps } from './combobox';
export { Field, Select, type SelectOption, Textarea, TextInput } from './field';
export { PriceStamp } from './price-stamp';
export { PageLoader, Spinner } from './spinner';
export { TableScroller } from './table-scroller';
export { EmptyState, ErrorState, PageError, PageHeader, Stat, StatGroup } from './states';

// Charts, and the tables' narrow-screen columns (the live screens, the profile, the results chart).
export { type ChartBaseline, type ChartPoint, type ChartSeries, ChartLegend, TimeChart } from './chart';
export { ReadError } from './read-error';

// The contest screens' layout pieces.
export { Callout, type CalloutTone } from './callout';
export { Chips } from './chips';
export { type Fact, Facts } from './facts';
export { Page } from './page';
export { Trend } from './trend';
