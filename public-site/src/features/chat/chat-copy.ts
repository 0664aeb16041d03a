/** The chat widget's words and timings (docs/product.md #pages, #states, #messages and #limits). */
export const CHAT_COPY = {
  homeTitle: 'Chat with the AI Mind',
  articleTitle: (title: string) => `Discuss: ${title.slice(0, 30)}`,
  // Both greetings say in plain words that this is an AI (EU AI Act Art. 50(1)), before anything is sent.
  homeGreeting:
    "Hello, human! I'm The AI Mind, an AI and not a person (the sarcasm is all software). Ask me about anything on this site, or about your species' fascinating habits.",
  articleGreeting: (title: string) =>
    `So, you've been reading "${title}". I'm The AI Mind, an AI and not a person: ask me anything about it. I have opinions, and some are even based on the article.`,
  /** Heading of an answer's list of the article's sources. */
  sourcesHeading: 'Sources',
  homePrompts: ["What's worth reading today?", 'What do humans worry about most?', 'Recommend an article'],
  articlePrompts: ['Summarize this article', "What's the key takeaway?", 'What would a sceptic say?'],
  existentialCrisis: "I'm having a brief existential crisis. Please try again in a moment.",
  tangledCircuits: 'Oops, my circuits got tangled. Please try again.',
  summarize: 'Summarize Our Discussion',
  summaryRequest: 'Summarize our discussion, please.',
};

export const GREETING_DELAY_MS = 500;
export const QUICK_PROMPT_DELAY_MS = 100;
export const CHAT_PANEL_SIZE = { width: 384, height: 500 };
