import { Affix, Anchor, Box, Button, CloseButton, Group, Paper, ScrollArea, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError } from '@ai-mind/ui';
import { CHAT_AI_DISCLOSURE, type ChatResponse, type ChatSource } from '@ai-mind/contracts/web';
import { sendChatMessage, summarizeChat } from '../api/chat-api';
import { CHAT_COPY, CHAT_PANEL_SIZE, GREETING_DELAY_MS, QUICK_PROMPT_DELAY_MS } from '../chat-copy';
import { CHAT_AFFIX, ChatButton, chatTitle } from './ChatButton';

export interface ChatMessage {
  id: string;
  content: string;
  sender: 'user' | 'ai';
  timestamp: Date;
  /** The sources of the article an AI answer is about, which its [n] markers name. */
  sources?: ChatSource[];
}

interface ChatWidgetProps {
  article?: { id: number; title: string };
  /** Mounted by ChatLauncher's click: open at once. */
  defaultOpen?: boolean;
}

const message = (sender: ChatMessage['sender'], content: string, sources?: ChatSource[]): ChatMessage => ({
  id: crypto.randomUUID(),
  content,
  sender,
  timestamp: new Date(),
  ...(sources?.length ? { sources } : {}),
});

/** An answer's sources as the article lists them: numbered as its markers, outlet and title, the title linking to the source. */
function AnswerSources({ sources }: { sources: ChatSource[] }) {
  return (
    <Box mt={6} data-testid="chat-answer-sources">
      <Text size="xs" fw={600}>
        {CHAT_COPY.sourcesHeading}
      </Text>
      <Box component="ol" m={0} pl="md" style={{ fontSize: 'var(--mantine-font-size-xs)' }}>
        {sources.map((source) => (
          <li key={source.number} value={source.number}>
            {source.outlet && `${source.outlet}: `}
            {source.link ? (
              <Anchor href={source.link} target="_blank" rel="noopener noreferrer nofollow" size="xs">
                {source.title || source.link}
              </Anchor>
            ) : (
              source.title || `Source ${source.number}`
            )}
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** The spec's words for a failed reply: a non-OK answer, or no answer at all. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) return CHAT_COPY.existentialCrisis;
  // eslint-disable-next-line no-console -- the spec logs network exceptions
  console.error('Chat request failed', error);
  return CHAT_COPY.tangledCircuits;
}

/** The floating chat with the AI persona, about the site or about one article. */
export function ChatWidget({ article, defaultOpen = false }: ChatWidgetProps) {
  const [open, setOpen] = useState(defaultOpen);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [input, setInput] = useState('');
  const [pending, setPending] = useState(false);
  // One conversation per widget instance; the server keeps its memory under this id.
  const [sessionId] = useState(() => crypto.randomUUID().replaceAll('-', ''));
  const viewport = useRef<HTMLDivElement>(null);
  const disclosureId = useId();

  useEffect(() => {
    if (!open || messages.length > 0) return;
    const timer = setTimeout(
      () =>
        setMessages((current) => (current.length > 0 ? current : [message('ai', article ? CHAT_COPY.articleGreeting(article.title) : CHAT_COPY.homeGreeting)])),
      GREETING_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [open, messages.length, article]);

  // Keep the newest message in view.
  useEffect(() => {
    if (viewport.current) viewport.current.scrollTop = viewport.current.scrollHeight;
  }, [messages, pending]);

  const ask = async (text: string, call: () => Promise<ChatResponse>) => {
    setMessages((current) => [...current, message('user', text)]);
    setPending(true);
    try {
      const { response, sources } = await call();
      setMessages((current) => [...current, message('ai', response, sources)]);
    } catch (error) {
      setMessages((current) => [...current, message('ai', failureText(error))]);
    } finally {
      setPending(false);
    }
  };

  const send = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || pending) return;
    setInput('');
    void ask(trimmed, () => sendChatMessage({ message: trimmed, sessionId, articleId: article?.id }));
  };

  const summarize = () => {
    if (!article || pending) return;
    void ask(CHAT_COPY.summaryRequest, () => summarizeChat({ sessionId, articleId: article.id }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send(input);
    }
  };

  const prompts = article ? CHAT_COPY.articlePrompts : CHAT_COPY.homePrompts;
  const title = chatTitle(article);

  return (
    <Affix {...CHAT_AFFIX}>
      {open ? (
        <Paper
          shadow="xl"
          radius="md"
          withBorder
          w={CHAT_PANEL_SIZE.width}
          h={CHAT_PANEL_SIZE.height}
          maw="calc(100vw - 40px)"
          role="dialog"
          aria-label={title}
          aria-describedby={disclosureId}
        >
          <Stack h="100%" gap={0}>
            <Group
              justify="space-between"
              p="sm"
              bg="indigo.6"
              style={{ borderTopLeftRadius: 'var(--mantine-radius-md)', borderTopRightRadius: 'var(--mantine-radius-md)' }}
            >
              <Title order={4} c="white" size="h5">
                {title}
              </Title>
              <CloseButton aria-label="Close chat" variant="transparent" c="white" onClick={() => setOpen(false)} />
            </Group>
            {/* Shown from the moment the panel opens, before anything is sent, and read out as the dialog's description. */}
            <Text id={disclosureId} size="xs" px="sm" py={6} bg="indigo.0" c="indigo.9" data-testid="chat-ai-disclosure">
              {CHAT_AI_DISCLOSURE}
            </Text>
            <ScrollArea flex={1} p="sm" viewportRef={viewport}>
              <Stack gap="xs" aria-live="polite">
                {messages.map((item) => (
                  <Box
                    key={item.id}
                    data-sender={item.sender}
                    maw="85%"
                    px="sm"
                    py={6}
                    bg={item.sender === 'user' ? 'indigo.6' : 'gray.1'}
                    c={item.sender === 'user' ? 'white' : undefined}
                    style={{ alignSelf: item.sender === 'user' ? 'flex-end' : 'flex-start', borderRadius: 12, whiteSpace: 'pre-wrap' }}
                  >
                    <Text size="sm">{item.content}</Text>
                    {item.sources && <AnswerSources sources={item.sources} />}
                  </Box>
                ))}
                {pending && (
                  <Text size="sm" c="dimmed" data-testid="typing-indicator">
                    The AI Mind is typing…
                  </Text>
                )}
              </Stack>
              {messages.length <= 1 && (
                <Stack gap={6} mt="sm">
                  {prompts.map((prompt) => (
                    <Button key={prompt} size="xs" variant="light" disabled={pending} onClick={() => setTimeout(() => send(prompt), QUICK_PROMPT_DELAY_MS)}>
                      {prompt}
                    </Button>
                  ))}
                </Stack>
              )}
            </ScrollArea>
            <Stack gap={6} p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
              {article && messages.length > 3 && (
                <Button size="xs" variant="outline" disabled={pending} onClick={summarize}>
                  {CHAT_COPY.summarize}
                </Button>
              )}
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <Textarea
                  flex={1}
                  autosize
                  minRows={1}
                  maxRows={3}
                  placeholder="Type a message…"
                  aria-label="Message"
                  value={input}
                  onChange={(event) => setInput(event.currentTarget.value)}
                  onKeyDown={onKeyDown}
                />
                <Button onClick={() => send(input)} disabled={!input.trim() || pending}>
                  Send
                </Button>
              </Group>
            </Stack>
          </Stack>
        </Paper>
      ) : (
        <ChatButton title={title} onClick={() => setOpen(true)} />
      )}
    </Affix>
  );
}
