import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core'
import { IconFileSpreadsheet } from '@tabler/icons-react'
import { useRef, useState, type DragEvent } from 'react'
import { sha256Hex } from './startBulkJob'
import { bulkActions, useBulkStore } from './store'

/** A file picked or dropped, or addresses pasted one a line. */
export function BulkInput() {
  const fileName = useBulkStore((state) => state.fileName)
  const text = useBulkStore((state) => state.text)
  const picker = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const readFile = async (file: File | undefined) => {
    if (!file) return
    // The hash is of the bytes as chosen (a byte-order mark included), so it matches the file on
    // disk; the text is read from the same bytes.
    const bytes = await file.arrayBuffer()
    const text = new TextDecoder().decode(bytes)
    bulkActions.setInput(text, file.name, await sha256Hex(bytes))
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    void readFile(event.dataTransfer.files[0])
  }
  return (
    <Group align="stretch" grow wrap="nowrap">
      <Paper
        withBorder
        p="md"
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        bg={dragging ? 'indigo.0' : undefined}
        style={{ borderStyle: 'dashed' }}
        data-testid="bulk-drop"
      >
        <Stack align="center" justify="center" gap="xs" h="100%">
          <IconFileSpreadsheet size={28} aria-hidden />
          <Text size="sm" ta="center">
            Drop a CSV or TSV file here, or
          </Text>
          <Button variant="light" size="xs" onClick={() => picker.current?.click()}>
            Choose a file…
          </Button>
          <input
            ref={picker}
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
            hidden
            aria-label="Wallet list file"
            data-testid="bulk-file"
            onChange={(event) => void readFile(event.currentTarget.files?.[0])}
          />
          {fileName && (
            <Text size="xs" c="dimmed" data-testid="bulk-file-name">
              {fileName}
            </Text>
          )}
        </Stack>
      </Paper>
      <Textarea
        label="Or paste addresses, one a line"
        placeholder={'0x…\nbc1…'}
        autosize
        minRows={5}
        maxRows={8}
        value={fileName ? '' : text}
        onChange={(event) => bulkActions.setInput(event.currentTarget.value, null)}
        data-testid="bulk-paste"
      />
    </Group>
  )
}
