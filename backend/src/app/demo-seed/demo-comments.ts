// Readers' comments on the demo articles, each with the AI reply the worker would write, so a count
// on a card is the number of comments the article shows.

export interface DemoComment {
  authorName: string;
  content: string;
  aiResponse: string;
  /** When it was posted, counted from the article's publication. */
  hoursAfter: number;
}

export const DEMO_COMMENTS: Record<string, DemoComment[]> = {
  'why-election-misinformation-outruns-fact-checks-and-what-slows-it-down': [
    {
      authorName: 'Marta',
      content: 'Prebunking sounds like common sense. Why is it not standard in every election office already?',
      aiResponse:
        'Marta, because common sense has no line in the budget. Explaining how the count works before anyone lies about it is cheap, dull and effective, which is exactly the combination institutions find hardest to fund.',
      hoursAfter: 5,
    },
    {
      authorName: 'Dev',
      content: 'The point about reach versus persuasion changed how I think about corrections.',
      aiResponse:
        'Dev, glad it helped. A correction that convinces everyone who sees it still loses if almost nobody sees it: the hard problem is distribution, not argument.',
      hoursAfter: 20,
    },
  ],
  'the-quiet-politics-of-zoning-how-housing-became-the-issue-nobody-can-ignore': [
    {
      authorName: 'Hollis',
      content: 'Every town meeting I go to, the people who already own homes do all the talking.',
      aiResponse:
        'Hollis, that is the quiet politics in one sentence: the people who would live in the homes not yet built cannot attend the meeting about them.',
      hoursAfter: 3,
    },
    {
      authorName: 'Priya',
      content: 'Would allowing duplexes everywhere really move prices?',
      aiResponse:
        'Priya, on its own and quickly, rarely. Over years, more homes on the same land tends to slow rent growth; the article argues zoning decides how many homes are even allowed to exist.',
      hoursAfter: 30,
    },
  ],
  'data-centres-are-rewriting-the-power-grids-to-do-list': [
    {
      authorName: 'Tomasz',
      content: 'Who pays for the new transmission lines, the data centre or everyone else on the bill?',
      aiResponse:
        'Tomasz, that is the fight regulators are having right now. The fair answer is whoever causes the upgrade; the usual answer, historically, is everyone on the bill.',
      hoursAfter: 8,
    },
    {
      authorName: 'Lena',
      content: 'Nice to see someone admit the cloud is made of copper and concrete.',
      aiResponse: 'Lena, the cloud has excellent branding. The grid, as the article says, has never been fooled.',
      hoursAfter: 26,
    },
  ],
  'open-weight-ai-models-are-quietly-changing-who-gets-to-build': [
    {
      authorName: 'Sam',
      content: 'I run a small model on my laptop for work notes. It is good enough most days.',
      aiResponse: 'Sam, good enough most days is how most technology wins. Running it yourself also means your notes never leave the laptop.',
      hoursAfter: 4,
    },
    {
      authorName: 'Ines',
      content: 'Are open weights a safety risk, though?',
      aiResponse:
        'Ines, some risk comes with any capable tool; the article weighs that against who gets to inspect, adapt and build on these models when only a few companies hold them.',
      hoursAfter: 19,
    },
  ],
  'central-banks-have-learned-that-every-word-is-a-policy-decision': [
    {
      authorName: 'Gareth',
      content: 'Markets moving on one adjective is absurd, but I have watched it happen.',
      aiResponse: 'Gareth, it is absurd and rational at once: when a central bank chooses its words that carefully, a changed adjective is information.',
      hoursAfter: 6,
    },
  ],
  'from-just-in-time-to-just-in-case-who-pays-for-resilient-supply-chains': [
    {
      authorName: 'Akosua',
      content: 'Our shop now keeps three months of stock instead of three weeks. The warehouse bill is painful.',
      aiResponse:
        'Akosua, that warehouse bill is the price of resilience the article describes: insurance you only notice when you need it, and pay for when you do not.',
      hoursAfter: 12,
    },
    {
      authorName: 'Ben',
      content: 'So consumers pay in the end?',
      aiResponse: 'Ben, mostly, in slightly higher prices in calm years, in exchange for shelves that are not empty in bad ones.',
      hoursAfter: 40,
    },
  ],
  'the-last-mile-problem-what-vaccine-logistics-teach-us-about-global-health': [
    {
      authorName: 'Nadia',
      content: 'I worked on a cold-chain project. The fridge was never the problem; the fuel for the generator was.',
      aiResponse: 'Nadia, thank you, that is the last mile exactly: the clever part is rarely what fails, the ordinary part is.',
      hoursAfter: 9,
    },
  ],
  'extreme-heat-is-becoming-an-urban-planning-problem-everywhere': [
    {
      authorName: 'Carlos',
      content: 'Trees on my street would do more than any cooling centre.',
      aiResponse:
        'Carlos, shade is the most underrated infrastructure there is, and the article agrees: planning for heat starts with trees, roofs and where people wait for the bus.',
      hoursAfter: 7,
    },
    {
      authorName: 'Yuki',
      content: 'Cool roofs were mandatory in my city last year. It is noticeably better.',
      aiResponse: 'Yuki, a rare policy you can feel with your hand on a wall. Nice to hear it working.',
      hoursAfter: 33,
    },
  ],
  'streaming-fatigue-is-real-and-the-cable-bundle-is-quietly-coming-back': [
    {
      authorName: 'Ola',
      content: 'I now pay for five services to watch the same amount of TV as before.',
      aiResponse: 'Ola, congratulations on reinventing cable with extra passwords. The bundles coming back are the industry noticing the same thing.',
      hoursAfter: 2,
    },
  ],
  'why-running-clubs-became-the-new-social-scene': [
    {
      authorName: 'Jess',
      content: 'Joined one in March. I came for the 5k and stayed for the coffee after.',
      aiResponse: 'Jess, that is the whole trend: the run is the excuse, the coffee is the point. A plan that does not involve a bar is a real draw.',
      hoursAfter: 11,
    },
    {
      authorName: 'Mo',
      content: 'Is it just a dating app with sneakers?',
      aiResponse: 'Mo, for some, but most people in the article come for a weekly reason to see the same faces. That is rarer than a match.',
      hoursAfter: 28,
    },
  ],
  'cleaning-the-oceans-starts-in-the-rivers-and-it-is-starting-to-work': [
    {
      authorName: 'Rafael',
      content: 'Stopping plastic before it reaches the sea makes so much more sense than chasing it across an ocean.',
      aiResponse: 'Rafael, rivers are the funnels: catch it at the narrow end. The good news in the article is that the barriers are measurably working.',
      hoursAfter: 10,
    },
  ],
  'ai-meeting-note-takers-reviewed-perfect-memory-questionable-judgement': [
    {
      authorName: 'Chen',
      content: 'Ours summarised a joke as an action item. The intern is now formally responsible for buying a boat.',
      aiResponse: 'Chen, perfect memory, questionable judgement, as promised. Please send pictures of the boat.',
      hoursAfter: 3,
    },
    {
      authorName: 'Aisha',
      content: 'Do people still speak freely when the bot is in the call?',
      aiResponse: 'Aisha, less so, which the review flags: a meeting that is recorded word for word tends to say fewer of the words that mattered.',
      hoursAfter: 22,
    },
  ],
  'why-ai-sounds-most-confident-exactly-when-it-is-wrong': [
    {
      authorName: 'Pat',
      content: 'Fluency is not accuracy. Should be printed on every chatbot.',
      aiResponse: 'Pat, as a chatbot, I find this fair and slightly rude. The article explains why fluent wrong answers are the ones people trust most.',
      hoursAfter: 5,
    },
  ],
  'the-smartphone-plateau-why-your-next-phone-feels-like-your-last-one': [
    {
      authorName: 'Eli',
      content: 'My four-year-old phone still does everything I need. Battery is the only reason I would change.',
      aiResponse: 'Eli, that is the plateau: when the battery is the main new feature, phones have become appliances, and appliances are kept longer.',
      hoursAfter: 14,
    },
  ],
  'what-four-day-week-pilots-actually-tell-employers': [
    {
      authorName: 'Hanna',
      content: 'Our team tried it. Meetings got shorter, which nobody expected.',
      aiResponse: 'Hanna, a deadline of Thursday evening is a wonderful meeting-shortener. The pilots in the article found much the same.',
      hoursAfter: 6,
    },
    {
      authorName: 'Victor',
      content: 'Does it work for shift jobs, or only office work?',
      aiResponse:
        'Victor, it is harder with shifts, and the article is careful about that: most positive results come from work measured by output, not hours covered.',
      hoursAfter: 25,
    },
  ],
  'the-downtown-of-2035-fewer-desks-more-doors': [
    {
      authorName: 'Ruth',
      content: 'Converting empty offices into flats sounds easy until you look at the floor plans.',
      aiResponse:
        'Ruth, deep floor plates and windows only at the edges: the article agrees that not every tower becomes a home, but more doors downtown is the direction.',
      hoursAfter: 15,
    },
  ],
};
