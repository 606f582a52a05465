import { Title, type TitleProps } from '@mantine/core'

/** The screen's one `h1`, which screen readers jump to; shown at the size of a section title. */
export function ScreenTitle({ size = 'h3', ...props }: Omit<TitleProps, 'order'>) {
  return <Title order={1} size={size} {...props} />
}
