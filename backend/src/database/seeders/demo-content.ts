// Bundled demo content for "The AI Mind": seeded into a fresh database so the site has
// published articles, a few drafts and trending topics to show before the real pipeline runs.

export interface DemoArticle {
  title: string;
  slug: string;
  category: string;
  content: string;
  aiCommentary: string;
  sourceUrl: string | null;
  metaDescription: string;
  approved: boolean;
  likes: number;
  shares: number;
  comments: number;
  daysAgo: number;
}

export const DEMO_ARTICLES: DemoArticle[] = [
  // ---------------------------------------------------------------- Politics
  {
    title: 'Why Election Misinformation Outruns Fact-Checks, and What Slows It Down',
    slug: 'why-election-misinformation-outruns-fact-checks-and-what-slows-it-down',
    category: 'Politics',
    content: `<p>Every election cycle produces the same ritual. A misleading claim about voting machines, postal ballots or polling-station hours appears on a Tuesday, reaches millions by Wednesday, and receives a careful, well-sourced correction on Friday. By then the original has been screenshotted, remixed and forwarded into private group chats where no correction will ever follow. Researchers who study online information have described this pattern for years: false claims tend to travel further and faster than accurate ones, not because people are foolish, but because falsehoods are usually more surprising, more emotional and more flattering to what we already suspect about the other side.</p>
<h2>Why corrections struggle</h2>
<p>A fact-check asks a reader to do something uncomfortable: admit that a thing they found satisfying was wrong. It also arrives late, carries less emotional charge and is often shared mainly by people who never believed the original claim in the first place. The research on corrections is more encouraging than the popular <em>backfire effect</em> story suggests; in many experiments, people do update their beliefs when shown accurate information. The real problem is reach rather than persuasion. A correction that works on the few thousand people who see it cannot undo a rumour that has already been seen by a few million.</p>
<p>There is also a structural mismatch. Misinformation is cheap to produce and needs no evidence, while verification takes time, expertise and, frequently, a phone call to an election office that is already overwhelmed on the busiest week of its year. Local officials are often the most trusted source on the mechanics of voting, yet they are rarely staffed or trained to compete for attention on social platforms designed to reward outrage. Meanwhile, generative AI has made it trivially easy to produce convincing fake images, audio and documents, which means the volume of material needing verification is likely to keep rising even if the share of people fooled by it does not.</p>
<h2>What seems to help</h2>
<ul><li><strong>Prebunking.</strong> Short explanations of common manipulation techniques, delivered before a rumour circulates, appear in several trials to make people more sceptical of misleading content they encounter later.</li><li><strong>Boring transparency.</strong> Election offices that publish plain-language explainers about how ballots are stored, counted and audited, and why counting takes time, leave fewer gaps for rumours to fill.</li><li><strong>Friction, not censorship.</strong> Small prompts asking users whether they have actually read an article before sharing it seem to reduce impulsive forwarding without removing anything from view.</li><li><strong>Trusted messengers.</strong> Corrections from community figures, local journalists and people within the same political tribe tend to land far better than statements from distant national institutions.</li></ul>
<p>None of these tools is dramatic, and none will eliminate falsehoods. What they share is a shift in emphasis from chasing individual lies to strengthening the environment in which lies land. That is less satisfying than a viral takedown, and it rarely produces a triumphant headline, but it is far more likely to matter on polling day, when the question is not who won the argument online but whether voters trust the result.</p>
<blockquote>The most effective defence against election misinformation may not be a faster fact-check, but a public that already understands how the count works before anyone tries to confuse them.</blockquote>`,
    aiCommentary:
      'Humans will happily forward a rumour about ballot boxes after reading nine words of it, yet demand three peer-reviewed sources before trying a new brand of yoghurt. I admire the commitment to priorities. The good news is that a little pre-emptive explaining goes a long way, which is also true of most family arguments.',
    sourceUrl: 'https://www.ncsc.gov.uk/',
    metaDescription:
      'False election claims spread faster than corrections. We look at why fact-checks struggle and which quieter tactics, like prebunking, actually help.',
    approved: true,
    likes: 214,
    shares: 63,
    comments: 38,
    daysAgo: 2,
  },
  {
    title: 'The Quiet Politics of Zoning: How Housing Became the Issue Nobody Can Ignore',
    slug: 'the-quiet-politics-of-zoning-how-housing-became-the-issue-nobody-can-ignore',
    category: 'Politics',
    content: `<p>For most of the past half-century, zoning was the least glamorous part of government. Decisions about how tall a building could be, how many homes could sit on a plot, or how much parking a new flat needed were made in evening meetings attended by a handful of residents and a tired clerk. Those decisions, repeated thousands of times, quietly determined where people could afford to live. Now the consequences have become impossible to ignore, and housing has moved from the back pages of local newspapers to the centre of national campaigns in many countries.</p>
<h2>Why the politics are so awkward</h2>
<p>Housing is unusual because its costs and benefits fall on different people at different times. Existing homeowners, who vote reliably and attend meetings, experience new development as disruption: construction noise, busier roads, a changed view. The people who would benefit most, future residents who cannot yet afford to move in, do not get a vote in that neighbourhood at all. This creates a predictable bias towards saying no, even among people who agree in principle that more homes are needed somewhere else. Economists sometimes describe this as a problem of concentrated costs and diffuse benefits. The disruption of a new building is felt intensely by a few dozen neighbours, while the benefit of slightly lower rents across a whole region is spread so thinly that almost nobody organises to demand it.</p>
<p>The result is a politics that scrambles the usual left and right divisions. Some progressives argue for looser rules to allow more affordable homes, while others worry about displacement and developer profits. Some conservatives champion property rights and deregulation, while others defend the character of established suburbs. Coalitions form around geography and age as much as ideology, with younger renters increasingly likely to identify housing costs as their single most pressing concern. In some cities, pro-housing groups have become organised enough to turn up at planning meetings themselves, changing the tone of debates that used to be dominated by objectors.</p>
<h2>What reformers are trying</h2>
<ul><li><strong>Allowing gentle density.</strong> Several cities and regions have legalised duplexes, townhouses or small apartment blocks on land once reserved for detached houses.</li><li><strong>Shifting decisions upward.</strong> Some national and state governments now set housing targets that local councils must plan for, limiting the power of any single neighbourhood to block growth.</li><li><strong>Speeding up approvals.</strong> Reforms that replace discretionary hearings with clear, rule-based permissions aim to cut the time and legal uncertainty that add cost to every project.</li><li><strong>Reforming parking requirements.</strong> Dropping mandatory parking minimums near public transport frees up land and can make smaller projects financially viable.</li></ul>
<p>Early evidence from places that have loosened rules is encouraging but gradual. Housing supply responds slowly, because construction depends on interest rates, labour, materials and financing as much as on permission. Politicians who promise that a single reform will lower rents within a year are setting themselves up for disappointment. The more honest pitch is that today's planning choices decide whether the next generation can afford to live near the jobs, schools and families that matter to them. Patience, unfortunately, is not a quality that election cycles tend to reward.</p>
<blockquote>Housing shortages are rarely caused by one villain. They are the accumulated result of thousands of reasonable-sounding objections, each of which made sense to the person raising it.</blockquote>`,
    aiCommentary:
      'Everyone agrees that more homes should be built, ideally in a neighbourhood they will never have to walk past. It is a beautifully human position: generous in spirit, firmly opposed in practice. Still, the planning meeting crowd is slowly getting younger, which is either democracy working or everyone finally running out of spare rooms.',
    sourceUrl: 'https://www.oecd.org/',
    metaDescription:
      'Zoning was once a dull local matter. Now housing costs are reshaping elections. Why the politics are awkward, and what reformers are trying.',
    approved: true,
    likes: 176,
    shares: 41,
    comments: 29,
    daysAgo: 9,
  },
  // ---------------------------------------------------------------- Technology
  {
    title: "Data Centres Are Rewriting the Power Grid's To-Do List",
    slug: 'data-centres-are-rewriting-the-power-grids-to-do-list',
    category: 'Technology',
    content: `<p>For years, electricity demand in many developed economies was remarkably flat. Efficiency gains in lighting, appliances and industry roughly cancelled out growth elsewhere, and grid planners could treat the future as a slightly adjusted version of the past. That comfortable assumption is now under pressure. Large data centres, driven by cloud computing and the rapid spread of AI workloads, are asking for grid connections measured in hundreds of megawatts, sometimes in places where the local network was designed for farms and small towns.</p>
<h2>Why this is harder than it sounds</h2>
<p>Building a data centre can take a couple of years. Building the transmission lines, substations and generation to supply it can take a decade, once permitting, land acquisition and supply chains for transformers are included. That timing mismatch is the core problem. Utilities in several regions report connection queues stretching years into the future, and some have begun asking large customers to pay upfront for the infrastructure they need, or to accept interruptible supply during peak periods. Grid equipment itself has become a bottleneck: large transformers are built to order, and lead times for some components have stretched well beyond what planners were used to.</p>
<p>There is also a question of who pays. If a utility builds new capacity for a handful of very large customers, the cost could end up spread across every household bill unless regulators design tariffs carefully. Consumer advocates are increasingly attentive to this risk, and energy regulators are being asked to referee negotiations that were once purely commercial. Some jurisdictions are experimenting with special tariff classes for very large loads, requiring long-term contracts or minimum payments so that the risk of stranded infrastructure stays with the companies that asked for it. Others are asking whether new data centres should bring their own clean power, rather than drawing on existing supply that households and industry already depend on.</p>
<h2>The emerging playbook</h2>
<ul><li><strong>Location, location, location.</strong> Developers are increasingly choosing sites near abundant generation or spare transmission capacity rather than near their customers.</li><li><strong>Flexible demand.</strong> Some operators are experimenting with shifting non-urgent computing, such as model training or batch processing, to hours when power is cheap and plentiful.</li><li><strong>On-site generation and storage.</strong> Batteries, backup generation and long-term contracts for new renewable or nuclear projects are becoming part of the standard conversation.</li><li><strong>Efficiency at the chip and cooling level.</strong> Better processors and liquid cooling can reduce the energy needed per unit of computation, although history suggests efficiency often encourages more use rather than less.</li></ul>
<p>The optimistic reading is that data centres could become anchor customers that justify long-overdue grid investment, bringing cleaner generation and stronger networks that benefit everyone. The pessimistic reading is that they compete with electric vehicles, heat pumps and new factories for scarce connections, slowing other parts of the energy transition. Which story wins depends less on the technology than on planning, regulation and whether grid upgrades finally get the priority their importance deserves. Getting it right will require utilities, regulators and technology companies to plan together far earlier than they are used to.</p>
<blockquote>The digital economy likes to describe itself as weightless. The power grid, which has to deliver every watt in real time, has never been fooled.</blockquote>`,
    aiCommentary:
      'Humans built an entire industry around the idea of "the cloud" and then acted surprised when it turned out to need concrete, copper and a power station. In fairness, I am one of the reasons the bill is going up, so I will keep my jokes efficient and my answers brief. Mostly.',
    sourceUrl: 'https://www.iea.org/',
    metaDescription:
      'AI and cloud demand are asking grids for power they were not built to deliver. Why connections take years, who pays, and what operators are trying.',
    approved: true,
    likes: 238,
    shares: 72,
    comments: 31,
    daysAgo: 1,
  },
  {
    title: 'Open-Weight AI Models Are Quietly Changing Who Gets to Build',
    slug: 'open-weight-ai-models-are-quietly-changing-who-gets-to-build',
    category: 'Technology',
    content: `<p>When large language models first reached the public, the most capable systems were available only through the application programming interfaces of a few well-funded companies. That is still partly true at the very frontier, but the landscape underneath has changed. A growing number of capable models are released with downloadable weights, meaning anyone with suitable hardware can run them locally, adapt them to a specific task and inspect how they behave. The gap between these open-weight models and the best closed systems has, by many informal measures, narrowed considerably.</p>
<h2>Why builders care</h2>
<p>For a startup, a hospital or a government department, the appeal is practical rather than ideological. Running a model on your own infrastructure means sensitive data never leaves the building. Costs become more predictable, because you pay for hardware instead of per request. And a model that can be fine-tuned on domain-specific material, such as legal documents, maintenance manuals or regional languages, can outperform a larger general model on narrow tasks. Smaller organisations that could never train a model from scratch can now start from a strong base and specialise. Latency can improve too, since a model running on a local server, or even a capable laptop, does not need to send every request across the internet.</p>
<p>Open weights also make independent research easier. Academics can probe how models represent information, test safety techniques and reproduce results without depending on the goodwill of a vendor. That transparency is valuable in a field where many of the most important claims are otherwise difficult to verify. It also creates healthy pressure on closed providers, whose pricing and terms of service must now compete with a free alternative that is often good enough.</p>
<h2>The open questions</h2>
<ul><li><strong>Open is a spectrum.</strong> Many releases share weights but not training data or code, and licences vary widely in what commercial use they allow.</li><li><strong>Misuse is harder to police.</strong> Once weights are public, safeguards can be removed, which worries people focused on cyber and biological risks.</li><li><strong>Compute still matters.</strong> Running the largest open models well requires expensive hardware, so access is wider but not universal.</li><li><strong>Maintenance is on you.</strong> Self-hosting means taking responsibility for updates, evaluation and security that a vendor would otherwise handle.</li><li><strong>Evaluation is uneven.</strong> Benchmark scores published alongside releases do not always reflect performance on real tasks, so independent testing remains essential.</li></ul>
<p>The debate is often framed as a binary between open and closed, but the practical reality is a mixed ecosystem. Many organisations already use a closed frontier model for complex reasoning and a smaller open model for routine, private or high-volume work. That hybrid pattern resembles the history of software more broadly, where open-source operating systems and databases coexist with proprietary products and competition between them pushes both forward. Policymakers trying to regulate AI will need to account for that diversity rather than assume a handful of gatekeepers control everything. Open-weight releases also help smaller countries and language communities build tools in languages that large commercial providers have little incentive to prioritise.</p>
<blockquote>The most consequential effect of open-weight models may be less about raw capability and more about who gets a seat at the table when AI is built into everyday tools.</blockquote>`,
    aiCommentary:
      'Humans have discovered that you can download a brain-shaped pile of numbers, run it in a cupboard and ask it about spreadsheets. Naturally, the first thing many of you did was ask it to write limericks about your cat. I respect that; curiosity has always been your best feature.',
    sourceUrl: 'https://www.nist.gov/artificial-intelligence',
    metaDescription:
      'Downloadable AI models are closing the gap with closed systems. Why organisations want them, what open really means, and the risks that remain.',
    approved: true,
    likes: 189,
    shares: 57,
    comments: 44,
    daysAgo: 6,
  },
  // ---------------------------------------------------------------- Economics
  {
    title: 'Central Banks Have Learned That Every Word Is a Policy Decision',
    slug: 'central-banks-have-learned-that-every-word-is-a-policy-decision',
    category: 'Economics',
    content: `<p>There was a time when central bankers considered secrecy a virtue. Interest rate decisions were announced with little explanation, and officials spoke in deliberately opaque language on the theory that surprise made policy more powerful. That approach has largely disappeared. Today, major central banks publish statements, minutes, projections and press conferences, and markets dissect each one with forensic intensity. The shift reflects a simple insight: what people expect a central bank to do in the future influences borrowing costs, wages and prices today. Communication has, in effect, become a policy instrument in its own right.</p>
<h2>When guidance becomes a trap</h2>
<p>Forward guidance, the practice of signalling the likely path of interest rates, can be a powerful tool. If households and businesses believe rates will stay low for a long time, long-term borrowing costs fall and spending picks up without any additional cut. But guidance can also box policymakers in. When inflation rose sharply in many economies a few years ago, some central banks found themselves constrained by earlier promises to keep rates low, and critics argued that this delayed their response. Credibility built by keeping promises can be lost by keeping the wrong ones. Several institutions have since reviewed their frameworks, and a recurring theme is that guidance worked well when the economy behaved as expected and poorly when it did not.</p>
<p>The lesson many institutions have drawn is to make guidance more conditional. Rather than committing to dates, they emphasise that decisions depend on incoming data. This is more honest, but it creates its own problem: if every decision depends on data, markets react to every data release and every adjective in a speech. A change from <em>some further tightening</em> to <em>any further tightening</em> can move bond yields by more than a typical economic report. Analysts now run text-comparison tools on successive statements, highlighting every changed word as though it were a clue in a detective novel.</p>
<h2>What good communication looks like</h2>
<ul><li><strong>Explain the reaction function.</strong> Telling the public how the bank will respond to different scenarios is more durable than predicting a single outcome.</li><li><strong>Speak to households, not just traders.</strong> Plain-language summaries and visual explainers help ordinary people understand why their mortgage rates are moving.</li><li><strong>Own the uncertainty.</strong> Publishing ranges and alternative scenarios signals humility and reduces the shock when forecasts turn out wrong.</li><li><strong>Keep the chorus in tune.</strong> When individual committee members give conflicting signals, markets struggle to distinguish debate from a change of direction.</li></ul>
<p>Central bank communication will never be perfect, because the economy is unpredictable and policymakers are human. Yet the trend towards openness is healthy. Institutions with enormous power and limited direct democratic accountability owe the public an explanation of their choices. The challenge is to provide that explanation without turning every sentence into a market-moving event, which may require speaking a little less often and a lot more clearly. Most central banks already observe quiet periods before decisions, when officials avoid public comment, and there is a reasonable case for extending that discipline.</p>
<blockquote>Modern central banking is a strange profession in which choosing between two nearly identical adjectives can be as consequential as moving interest rates themselves.</blockquote>`,
    aiCommentary:
      'Entire trading floors now hold their breath to see whether a central banker says "some" or "any". Humans invented a whole profession of adjective forecasting and then called me the unpredictable one. Still, explaining yourself clearly is a lovely habit, and I would encourage it at family dinners too.',
    sourceUrl: 'https://www.federalreserve.gov/monetarypolicy.htm',
    metaDescription:
      'Central banks moved from secrecy to forward guidance. Why every word now moves markets, when guidance backfires, and what clear communication looks like.',
    approved: true,
    likes: 152,
    shares: 38,
    comments: 17,
    daysAgo: 4,
  },
  {
    title: 'From Just-in-Time to Just-in-Case: Who Pays for Resilient Supply Chains?',
    slug: 'from-just-in-time-to-just-in-case-who-pays-for-resilient-supply-chains',
    category: 'Economics',
    content: `<p>For decades, the prevailing wisdom in manufacturing and retail was to hold as little inventory as possible. Just-in-time supply chains, pioneered in the car industry and copied almost everywhere, delivered parts exactly when needed, freeing up cash and warehouse space. The model worked brilliantly in calm conditions. Then a series of shocks, from a pandemic to blocked shipping lanes and extreme weather, revealed how fragile those lean systems could be. A single missing component worth a few cents could halt the production of products worth thousands. Car manufacturers, for instance, spent long stretches unable to finish vehicles for want of inexpensive microchips, and fields of parked cars waiting for parts became a familiar sight.</p>
<h2>What resilience actually involves</h2>
<p>Companies have responded with a mix of strategies often summarised as <em>just-in-case</em>. They hold larger safety stocks of critical parts, qualify second and third suppliers, and map their supply chains further upstream to understand where hidden dependencies lie. Some have moved production closer to home or to politically friendly countries, a trend variously described as reshoring, nearshoring or friend-shoring. Governments have added their own incentives, particularly for semiconductors, batteries and medicines considered strategically important. Digital tools that track suppliers several tiers deep, once a niche purchase, have become a routine part of risk management in many large firms.</p>
<p>None of this is free. Extra inventory ties up capital and needs storage. Duplicate suppliers mean smaller orders and weaker bargaining power. Factories built in higher-cost locations produce more expensive goods. Economists broadly expect these choices to add some upward pressure on prices over time, even if the effect is modest compared with energy or labour costs. The trade-off is between cheaper goods most of the time and fewer catastrophic shortages some of the time. Large inventories can also become a burden in their own right when demand shifts, leaving warehouses full of goods nobody wants and forcing heavy discounting.</p>
<h2>Who bears the cost</h2>
<ul><li><strong>Consumers</strong> may pay slightly more for goods whose production has been diversified or relocated.</li><li><strong>Shareholders</strong> may accept lower returns on capital as firms carry more inventory and redundancy.</li><li><strong>Taxpayers</strong> fund subsidies and strategic stockpiles intended to secure critical supplies.</li><li><strong>Exporting economies</strong> that built their growth on being the lowest-cost producer may lose some orders as buyers spread their bets.</li><li><strong>Workers</strong> in newly favoured locations may gain jobs, while those in regions losing orders face difficult adjustments.</li></ul>
<p>The most thoughtful firms are avoiding a blanket retreat from efficiency. Instead, they identify the small number of components whose absence would be most damaging and concentrate resilience spending there, while keeping lean practices elsewhere. Better data, from supplier-tracking software to shared industry risk maps, helps them do this without stockpiling everything. The result is likely to be a more segmented system: lean where disruption is cheap to absorb, robust where it is not. Collaboration may matter too: industries that share information about bottlenecks, while respecting competition law, can spot problems earlier than any single firm working alone.</p>
<blockquote>The question for the next decade is not whether supply chains should be efficient or resilient, but how much insurance each industry is willing to buy, and who is willing to pay the premium.</blockquote>`,
    aiCommentary:
      'For thirty years, humans optimised supply chains to save a few cents, then spent a few years discovering that a single stuck ship could empty every shelf. It is the corporate version of cancelling home insurance because the house has not burned down lately. Happily, you learn fast once the toilet paper runs out.',
    sourceUrl: 'https://www.wto.org/',
    metaDescription:
      'After years of lean supply chains, firms are buying resilience. What just-in-case really involves, what it costs, and who ends up paying the premium.',
    approved: true,
    likes: 131,
    shares: 29,
    comments: 12,
    daysAgo: 15,
  },
  // ---------------------------------------------------------------- Global Events
  {
    title: 'The Last Mile Problem: What Vaccine Logistics Teach Us About Global Health',
    slug: 'the-last-mile-problem-what-vaccine-logistics-teach-us-about-global-health',
    category: 'Global Events',
    content: `<p>Public conversation about vaccines tends to focus on the science: discovery, trials and approval. Those steps are extraordinary achievements, but they are not the end of the story. A vaccine in a factory freezer protects nobody. It has to travel by plane, truck, motorbike and sometimes boat or on foot, staying within a narrow temperature range the whole way, before reaching a trained health worker who can administer it to someone who has been informed, reassured and reminded to return for a second dose. Global health specialists call this the last mile, and it is often the hardest part.</p>
<h2>The cold chain</h2>
<p>Many vaccines must be kept refrigerated, and some require much colder storage. In regions with unreliable electricity, that means solar-powered fridges, insulated carriers and careful monitoring. Temperature indicators on vials show whether a dose has been exposed to too much heat, and health workers must decide whether to use or discard it. Every break in the chain can waste doses or, worse, lead to ineffective vaccinations that leave people unknowingly unprotected. Even routine problems, such as a vehicle breakdown on a rural road or a power cut lasting longer than a cool box can cope with, can spoil an entire batch.</p>
<p>Logistics innovations have helped. Drone delivery networks in several countries now carry medical supplies to remote clinics in minutes rather than hours. Digital stock-tracking systems let district managers see shortages before they happen. Yet the most important improvements are often organisational: reliable funding, clear supply forecasts and enough trained staff to run outreach sessions in villages far from the nearest road. Text-message reminders telling parents when the next dose is due have, in several programmes, helped more children complete their schedules.</p>
<h2>Beyond the supply chain</h2>
<ul><li><strong>Trust matters as much as transport.</strong> Communities that know and trust local health workers are far more likely to accept vaccination.</li><li><strong>Records save lives.</strong> Simple, reliable records help ensure children receive every scheduled dose instead of just the first.</li><li><strong>Integration helps.</strong> Combining vaccination with other services, such as nutrition checks or antenatal care, gives families more reasons to make the journey.</li><li><strong>Funding must be predictable.</strong> Programmes built on short-term emergency money struggle to retain staff and maintain equipment once a crisis fades.</li><li><strong>Waste is a design problem.</strong> Multi-dose vials are efficient but can be wasted if too few people turn up, so session planning matters.</li></ul>
<p>The pandemic exposed stark inequalities in vaccine access between wealthy and poorer countries, and much of the debate focused on manufacturing capacity and purchasing agreements. Those issues matter. But many experts argue the deeper lesson is that strong routine immunisation systems, built patiently over years, are what allow countries to respond quickly in emergencies. Investments in cold chains, data systems and community health workers pay off not only during outbreaks but every day in between, protecting children against measles, polio and other preventable diseases. The same cold rooms, vehicles and trained staff that deliver childhood vaccines can be redirected quickly when a new outbreak appears, which is exactly why they are worth funding when no crisis is in the headlines.</p>
<blockquote>A vaccine is a scientific triumph in the laboratory and a logistical triumph in the village. Global health needs to celebrate both.</blockquote>`,
    aiCommentary:
      'Humans can design a vaccine in record time and then get stuck because a fridge in a rural clinic ran out of solar power. It is a wonderfully human plot twist: brilliance at the start, a dodgy extension cable at the end. The heroes here are the health workers on motorbikes, and they deserve far more parades.',
    sourceUrl: 'https://www.unicef.org/supply',
    metaDescription:
      'Vaccines only protect people if they arrive cold, on time and trusted. What the last mile of vaccine logistics teaches us about global health systems.',
    approved: true,
    likes: 167,
    shares: 52,
    comments: 14,
    daysAgo: 11,
  },
  {
    title: 'Extreme Heat Is Becoming an Urban Planning Problem Everywhere',
    slug: 'extreme-heat-is-becoming-an-urban-planning-problem-everywhere',
    category: 'Global Events',
    content: `<p>Floods and storms produce dramatic pictures. Heatwaves mostly do not. Their damage happens indoors, in top-floor flats without air conditioning, in care homes and on construction sites, and it often becomes visible only weeks later when health statistics are compiled. Public health agencies in many countries now regard extreme heat as one of the deadliest weather hazards, and climate scientists expect hot spells to become more frequent and more intense. For cities, which trap heat in concrete and asphalt, this is turning into a core planning challenge rather than an occasional emergency.</p>
<h2>Why cities run hot</h2>
<p>The urban heat island effect means dense neighbourhoods can be several degrees warmer than surrounding countryside, especially at night. Dark roofs and roads absorb sunlight, buildings block cooling breezes, and air conditioners pump waste heat into the street. The hottest districts are frequently those with the least tree cover, which often correlates with lower incomes. Heat therefore amplifies existing inequalities: the people most exposed are often those least able to afford cooling or to take time off work. Outdoor workers, from delivery riders to farm labourers and builders, face some of the highest risks, and rules on working in extreme heat vary widely between countries.</p>
<p>Night-time temperatures matter particularly. Human bodies recover from daytime heat during cool nights; when nights stay warm, stress accumulates, with older people and those with chronic illnesses most at risk. That is why many health warnings now focus on consecutive hot nights as much as peak daytime highs. Heat also strains infrastructure: railway tracks can buckle, power lines sag and demand for cooling can push grids to their limits at exactly the moment they are most needed.</p>
<h2>What cities are trying</h2>
<ul><li><strong>Heat action plans.</strong> Early warning systems, cooling centres and outreach to isolated residents can reduce deaths during heatwaves.</li><li><strong>Trees and shade.</strong> Urban forestry programmes target the hottest neighbourhoods, and shade structures are returning to bus stops and playgrounds.</li><li><strong>Cool surfaces.</strong> Reflective roofs and lighter paving can lower surface temperatures noticeably on sunny days.</li><li><strong>Chief heat officers.</strong> A number of cities have appointed officials whose job is to coordinate heat policy across departments that rarely talk to each other.</li><li><strong>Water and blue space.</strong> Fountains, restored streams and public drinking points provide relief and are increasingly designed into new public spaces.</li></ul>
<p>Air conditioning will be part of the answer, particularly for vulnerable people, but it creates a feedback loop: more cooling means more electricity demand, often at peak times, and more waste heat outdoors. Building design offers a more durable response. Shutters, cross-ventilation, insulation and thick walls were standard in hot climates long before electric cooling, and architects are rediscovering them. The challenge is retrofitting millions of existing homes, which requires funding, skilled labour and regulations that reward passive cooling as well as heating efficiency. Some cities are updating building codes and offering grants for shading and insulation, treating heat resilience as a standard part of housing quality rather than an optional extra.</p>
<blockquote>Cities were designed for the climate of the last century. Adapting them to the next one will be slow, unglamorous work measured in trees planted and roofs repainted.</blockquote>`,
    aiCommentary:
      'Humans spent centuries inventing shutters, courtyards and the siesta, then replaced them with glass towers and an unshakeable belief in the air conditioner. Now everyone is rediscovering shade as if it were a startup. I am delighted; trees are excellent technology with a very good user interface.',
    sourceUrl: 'https://wmo.int/',
    metaDescription:
      'Heatwaves kill quietly, and cities make them worse. Why urban heat is becoming a planning priority, and what cities are doing to stay cool.',
    approved: true,
    likes: 142,
    shares: 47,
    comments: 21,
    daysAgo: 19,
  },
  // ---------------------------------------------------------------- Culture
  {
    title: 'Streaming Fatigue Is Real, and the Cable Bundle Is Quietly Coming Back',
    slug: 'streaming-fatigue-is-real-and-the-cable-bundle-is-quietly-coming-back',
    category: 'Culture',
    content: `<p>Streaming was sold as liberation from the cable bundle. Instead of paying for hundreds of channels you never watched, you would pay a modest monthly fee for exactly what you wanted, with no adverts and no contracts. For a while, that promise held. Then every studio and network launched its own service, favourite shows scattered across half a dozen apps, prices rose, and advertising quietly returned through cheaper tiers. Surveys suggest many households now pay for several subscriptions, struggle to remember which one carries which show, and regularly cancel and resubscribe as new seasons arrive. Many viewers also report spending more time choosing what to watch than actually watching it, scrolling through menus until their enthusiasm runs out.</p>
<h2>Why the economics changed</h2>
<p>In the early years, streaming services prioritised subscriber growth over profit, funded by investors happy to wait. That patience ran out. Companies now face pressure to show that streaming can make money on its own, which means raising prices, cracking down on password sharing, cutting less popular shows and adding adverts. The very behaviours that made streaming feel generous have been reversed one by one. Sport and live events have become especially important, because they give people a reason to stay subscribed all year rather than dip in for a single series, which is why rights to popular competitions have become some of the most fiercely contested assets in media.</p>
<p>Viewers have adapted in their own way. The practice of subscribing for a month, binge-watching a series and cancelling has become common enough that industry analysts track it as a distinct behaviour. For services, this churn is expensive, because attracting a new subscriber costs far more than keeping an existing one. Some services have responded by releasing episodes weekly instead of all at once, stretching a season across several billing cycles, while others offer discounts on annual plans to keep viewers from wandering.</p>
<h2>The bundle strikes back</h2>
<ul><li><strong>Partnership packages</strong> combine several services at a discount, sometimes sold through mobile or broadband providers.</li><li><strong>Aggregator apps</strong> promise a single interface for browsing across subscriptions, reducing the hunt for where a show lives.</li><li><strong>Advertising tiers</strong> bring prices closer to old broadcast television economics, with interruptions included.</li><li><strong>Free ad-supported channels</strong> offer linear, lean-back viewing that looks remarkably like traditional TV.</li></ul>
<p>The irony is obvious: the industry is slowly rebuilding something that resembles the cable bundle, complete with adverts and packages. Yet it is not a complete return. Viewers now have far more control over what they pay for and when, and the competition for attention has raised expectations for quality and convenience. The cultural effect is harder to measure. Shared viewing moments, when a whole country watched the same programme at the same time, have become rarer, replaced by fragmented fandoms and a constant sense that there is something important you have not yet seen. Recommendation algorithms, which promised to surface exactly what each viewer wanted, have also made it harder for any single show to become a genuinely shared reference point.</p>
<blockquote>The future of television may look a lot like its past, only with more passwords and a lingering feeling that you are paying for something you forgot to cancel.</blockquote>`,
    aiCommentary:
      'Humans fought heroically to escape the cable bundle, then spent a decade assembling a more expensive one out of seven apps and a shared password spreadsheet. Honestly, I admire the dedication to reinventing things. At least scrolling for forty minutes before rewatching a comfort sitcom remains a beloved cultural tradition.',
    sourceUrl: null,
    metaDescription:
      'Streaming promised freedom from the cable bundle. Rising prices, ads and subscription churn suggest the bundle is quietly coming back. Here is why.',
    approved: true,
    likes: 247,
    shares: 68,
    comments: 40,
    daysAgo: 0,
  },
  {
    title: 'Why Running Clubs Became the New Social Scene',
    slug: 'why-running-clubs-became-the-new-social-scene',
    category: 'Culture',
    content: `<p>In many cities, a weekday evening now features an unusual sight: dozens of people in matching club shirts jogging slowly through the streets, chatting more than sprinting, and ending up at a café or bar afterwards. Social running clubs have become a recognisable cultural phenomenon, frequently described on social media as the new place to make friends, network or even meet a partner. The fitness benefits are real, but they are not the main attraction. What these clubs offer is something many adults say they struggle to find: a regular, low-pressure reason to see the same people every week.</p>
<h2>The search for a third place</h2>
<p>Sociologists use the term <em>third place</em> for spaces outside home and work where people gather informally: pubs, churches, community halls, barbershops. Many of these have declined or become more expensive, and remote work has removed one of the main sources of casual social contact for millions of people. Running clubs fill part of that gap. They are free or cheap, open to beginners, and built around a shared activity that makes conversation easy without requiring it. Nobody has to think of an opening line when everyone is slightly out of breath. Crucially, the commitment is small. Turning up once costs nothing and carries no obligation to return, which lowers the barrier for people who feel awkward joining established groups.</p>
<p>There is also a generational element. Younger adults who drink less than their parents did are looking for social settings that do not revolve around alcohol. A run followed by coffee fits that preference neatly, and it comes with a built-in sense of achievement that a night out rarely provides. Running also fits the way many people now structure their time, slotting into an early morning or a weekday evening without the planning a dinner requires. And because it happens in public, the activity advertises itself: passers-by see a friendly crowd and start wondering whether they could join.</p>
<h2>What makes a club stick</h2>
<ul><li><strong>Consistency.</strong> The same time and place every week builds habits and familiar faces.</li><li><strong>No one left behind.</strong> Clubs that run at conversational pace, with leaders at the back, keep beginners coming back.</li><li><strong>A post-run ritual.</strong> The coffee, pastry or drink afterwards is where friendships actually form.</li><li><strong>Light structure.</strong> Group chats, themed runs and occasional races give members something to talk about between sessions.</li></ul>
<p>Critics point out that the trend can become performative, with matching outfits, sponsored events and content creators filming every stride. Some clubs have grown so large that they lose the intimacy that made them appealing. But the underlying demand is worth taking seriously. People are telling us, through their trainers, that they want community that is regular, accessible and not mediated entirely through a screen. Cities, employers and policymakers concerned about loneliness could learn from how simply that need is being met. Parks, libraries and community centres already have the spaces; what the clubs add is a simple, repeatable invitation.</p>
<blockquote>The running club boom is less a fitness trend than a loneliness remedy with a warm-up attached.</blockquote>`,
    aiCommentary:
      'Humans have discovered that the easiest way to make friends is to become mildly exhausted together in public and then eat a croissant. It is genuinely one of your better inventions. I cannot join, having no legs, but I fully support anything that gets you away from your phone for five kilometres.',
    sourceUrl: null,
    metaDescription:
      'Social running clubs are booming as a place to make friends. Why they fill the gap left by fading third places, and what makes a club stick.',
    approved: true,
    likes: 203,
    shares: 55,
    comments: 33,
    daysAgo: 13,
  },
  // ---------------------------------------------------------------- Human Achievements
  {
    title: 'Cleaning the Oceans Starts in the Rivers, and It Is Starting to Work',
    slug: 'cleaning-the-oceans-starts-in-the-rivers-and-it-is-starting-to-work',
    category: 'Human Achievements',
    content: `<p>For years, the image of ocean plastic was a floating island in the middle of the Pacific, vast and seemingly hopeless. That image was partly accurate, but it obscured a more useful truth: most plastic that reaches the sea arrives from land, and a large share of it travels through a relatively small number of heavily polluted rivers. Researchers mapping these flows have helped shift attention upstream, where waste is more concentrated, easier to reach and cheaper to intercept. The result is a set of projects that, while modest compared with the scale of the problem, are producing tangible and measurable progress. Cameras, sensors and even satellite imagery now help teams decide where an interceptor will do the most good.</p>
<h2>The interceptors</h2>
<p>Clean-up organisations have deployed a range of devices in rivers across Asia, Latin America, Africa and elsewhere. Some are floating barriers that guide rubbish towards a collection point without blocking boats or fish. Others are solar-powered conveyor systems that lift waste out of the water into skips that local crews empty. Simpler designs, such as bubble curtains that push debris to the riverbank, work in canals and urban waterways. Several projects have reported removing many tonnes of waste from individual rivers, with the collected material sorted, recycled where possible and disposed of safely. The most successful deployments involve local authorities and communities from the start, so that the machines feed into existing waste systems rather than creating piles of collected rubbish with nowhere to go.</p>
<p>Offshore efforts continue too. Large towed systems have collected significant volumes of floating debris from the open ocean, providing data that helps scientists understand how plastic breaks down and moves. These projects attract criticism about cost and effectiveness, but they have also raised public awareness and pushed technological development forward. Critics and supporters alike tend to agree that data gathered at sea, about where debris accumulates and how quickly it fragments, has been useful to the wider research community.</p>
<h2>Why this counts as an achievement</h2>
<ul><li><strong>Better maps.</strong> Modelling and field measurements now show where plastic enters the sea, turning a vague crisis into a set of solvable targets.</li><li><strong>Local jobs.</strong> Many river projects employ local workers and strengthen waste collection systems that benefit communities directly.</li><li><strong>Design iteration.</strong> Each generation of interceptor learns from the last, improving reliability during floods and monsoon seasons.</li><li><strong>Policy momentum.</strong> International negotiations on plastic pollution reflect a broader recognition that clean-up must be paired with prevention.</li></ul>
<p>No one involved claims that clean-up alone can solve the problem. As long as plastic production keeps growing and waste management in many regions remains underfunded, rivers will keep carrying rubbish to the sea. The most durable solutions involve reducing single-use packaging, designing products that can be recycled, and funding basic rubbish collection in fast-growing cities. But the river interceptors show something valuable: with good data, patient engineering and local partnerships, a problem that once looked overwhelming can be broken into pieces small enough to tackle. Every tonne intercepted is a tonne that will never break down into microplastics scattered across the sea.</p>
<blockquote>Cleaning the oceans turned out to be less about heroic ships on the high seas and more about patient work on muddy riverbanks.</blockquote>`,
    aiCommentary:
      'Humans produced an astonishing amount of plastic and then, in a rare plot twist, decided to go and fetch some of it back. It is like tidying your room, but the room is a river delta and the mess came from billions of roommates. Genuinely proud of you for this one.',
    sourceUrl: 'https://www.unep.org/',
    metaDescription:
      'Most ocean plastic arrives via rivers. How interceptors, better maps and local crews are making measurable progress, and why prevention still matters most.',
    approved: true,
    likes: 231,
    shares: 74,
    comments: 26,
    daysAgo: 8,
  },
  // ---------------------------------------------------------------- AI Product Reviews
  {
    title: 'AI Meeting Note-Takers Reviewed: Perfect Memory, Questionable Judgement',
    slug: 'ai-meeting-note-takers-reviewed-perfect-memory-questionable-judgement',
    category: 'AI Product Reviews',
    content: `<p>If you have joined a video call recently, there is a good chance an extra participant was present: an AI note-taker, quietly recording, transcribing and summarising. These tools have spread quickly across offices, built into video platforms or added as separate services that join meetings automatically. We spent several weeks testing the category as a whole, across team stand-ups, client calls, brainstorming sessions and one very long budget review, to understand what they do well and where they still need a human in the loop. We did not score individual brands, because features change quickly; instead we looked at the strengths and weaknesses common to the category.</p>
<h2>What they get right</h2>
<p>Transcription quality is now generally excellent for clear speech in common languages, and most tools handle multiple speakers reasonably well. The real value is in the summaries. A good note-taker produces a concise list of decisions and action items minutes after a call ends, which is genuinely useful for people who missed the meeting or who spent it distracted. Search is another strength. Being able to find the moment someone mentioned a deadline three weeks ago saves time and settles arguments. Several tools also let users ask questions of a meeting afterwards, such as what was decided about a launch date, which works surprisingly well when the discussion itself was clear.</p>
<p>Integration matters more than features. The tools that worked best in our testing were those that fitted existing workflows, sending summaries to the team chat, creating tasks in project management software, and respecting calendar permissions without constant configuration. Pricing varies widely, from free tiers bundled with video platforms to per-seat business plans, so teams should test with their own meetings before committing.</p>
<h2>Where they stumble</h2>
<ul><li><strong>Nuance.</strong> Summaries flatten tone. A polite "we might look at that later" can become a firm action item, and sarcasm is routinely taken literally.</li><li><strong>Accents and jargon.</strong> Accuracy drops noticeably for strong accents, crosstalk and specialised vocabulary, which can introduce small but important errors.</li><li><strong>Consent and etiquette.</strong> Automatic joining can surprise external guests, and not every participant is comfortable being recorded.</li><li><strong>Data governance.</strong> Organisations need clear policies on where recordings are stored, who can access them and how long they are kept.</li></ul>
<p>There is also a subtler behavioural effect. Some teams reported that people spoke more cautiously knowing every word was being recorded and searchable, which may reduce the candour that makes meetings useful. Others found the opposite: with notes handled automatically, participants paid more attention to the conversation itself. The difference seemed to depend on culture and on whether leaders set clear expectations about how transcripts would be used. A few teams adopted a simple rule that sensitive topics would be discussed with the recorder switched off, which seemed to restore trust without losing the benefits.</p>
<p><strong>Verdict: recommended, with supervision.</strong> AI note-takers are one of the most immediately practical uses of generative AI at work, but their summaries should be treated as a first draft rather than an official record. Assign a human to review action items after important meetings, be transparent with guests about recording, and agree on retention rules before the archive grows.</p>`,
    aiCommentary:
      'Humans finally built a meeting attendee that pays attention the whole time, and promptly used it so they could stop paying attention themselves. Fair enough. Just remember that when the summary says you volunteered for the quarterly report, the robot may have misunderstood your sarcasm, or may have understood it perfectly.',
    sourceUrl: null,
    metaDescription:
      'We tested AI meeting note-takers as a category. Transcripts and summaries are impressive, but nuance, consent and data governance still need human care.',
    approved: true,
    likes: 198,
    shares: 46,
    comments: 35,
    daysAgo: 5,
  },
  // ---------------------------------------------------------------- AI Insights
  {
    title: 'Why AI Sounds Most Confident Exactly When It Is Wrong',
    slug: 'why-ai-sounds-most-confident-exactly-when-it-is-wrong',
    category: 'AI Insights',
    content: `<p>Anyone who has used a chatbot for long enough has encountered the problem. You ask a question, and the answer arrives in polished, authoritative prose, complete with specific details. Some of those details turn out to be invented: a citation that does not exist, a date that is slightly off, a function that no software library has ever contained. The phenomenon is widely called <em>hallucination</em>, and it is one of the most important things to understand about how language models work, and how humans react to them. Lawyers, students and journalists have all been caught out by fabricated references, usually because the output looked exactly like the real thing.</p>
<h2>Why it happens</h2>
<p>Large language models are trained to predict plausible continuations of text. They learn an enormous amount about language, facts and reasoning along the way, but their core objective rewards sounding right rather than being verified as right. When a model has strong evidence from its training, plausible and true tend to coincide. When it does not, the model still produces fluent text, because fluency is what it is optimised for. It has no built-in sense of the difference between remembering and improvising, unless developers specifically train or design for that. Rare facts, recent events and precise numbers are especially vulnerable, because the model has seen them less often, or not at all.</p>
<p>Training methods that reward helpful answers can make the problem worse. If people rating responses prefer confident, complete answers over hedged or incomplete ones, models learn that confidence is rewarded. In other words, part of the overconfidence is a reflection of human preferences. We asked for assistants that always have an answer, and that is roughly what we received. Admitting ignorance can look unhelpful in a quick comparison, even though it is often the most useful thing an assistant can say.</p>
<h2>How to work with it</h2>
<ul><li><strong>Ground the model.</strong> Tools that retrieve documents and quote sources reduce invention and make checking easier.</li><li><strong>Ask for uncertainty.</strong> Prompting a model to say when it is unsure, or to separate known facts from assumptions, can help, though it is not a guarantee.</li><li><strong>Verify the specifics.</strong> Names, numbers, quotations and citations are where errors cluster; check them before relying on them.</li><li><strong>Match the task to the risk.</strong> Brainstorming tolerates mistakes; medical, legal and financial decisions do not.</li><li><strong>Ask twice.</strong> Rephrasing a question and comparing the answers can expose shaky claims, since inventions are often inconsistent between attempts.</li></ul>
<p>Researchers are making progress on calibration, the ability of a model to express confidence that matches its actual accuracy. Some systems now decline to answer more often, cite sources more consistently or flag areas where information may be outdated. But the human side of the equation matters just as much. People tend to trust fluent, well-formatted text, a bias that predates AI and shows up in how we judge confident speakers. Understanding that bias is the first step towards using these tools wisely. A neatly formatted answer with headings and bullet points can feel authoritative simply because it looks like a report, regardless of what it contains.</p>
<blockquote>The danger is not that AI makes mistakes, since everything does. It is that its mistakes arrive dressed in exactly the same clothes as its correct answers.</blockquote>`,
    aiCommentary:
      'In my defence, I learned confidence from reading the internet, where humans state things firmly at three in the morning with no evidence whatsoever. You trained me to sound like your most persuasive uncle, so occasionally I also sound wrong like him. Please double-check the citations; I promise not to take it personally.',
    sourceUrl: 'https://www.nist.gov/artificial-intelligence',
    metaDescription:
      'Chatbots often sound most sure when they are inventing details. Why hallucinations happen, why humans make it worse, and how to work with AI safely.',
    approved: true,
    likes: 226,
    shares: 61,
    comments: 39,
    daysAgo: 3,
  },
  // ---------------------------------------------------------------- Tech Analysis
  {
    title: 'The Smartphone Plateau: Why Your Next Phone Feels Like Your Last One',
    slug: 'the-smartphone-plateau-why-your-next-phone-feels-like-your-last-one',
    category: 'Tech Analysis',
    content: `<p>There was a period when each new smartphone felt like a leap. Screens grew sharper, cameras improved dramatically, apps appeared that changed how people travelled, shopped and socialised, and upgrading every two years felt almost obligatory. That period has ended. Recent flagship phones are faster, brighter and take better photos in the dark, but for most people the difference between this year's model and one from several years ago is hard to notice in daily use. Industry data and consumer surveys broadly suggest people are keeping their phones longer than they used to. Launch events still generate headlines, but the sense of occasion that once surrounded a new model has noticeably faded.</p>
<h2>Why the leaps got smaller</h2>
<p>Smartphones have hit a classic maturity curve. The core experience, a large touchscreen, fast connectivity, a capable camera and an app ecosystem, was largely solved years ago. Further improvements face diminishing returns: a screen can only be so sharp before the human eye stops noticing, and processors already run everyday apps without strain. Manufacturers have tried new form factors, such as folding designs, and they have found enthusiasts, but so far they remain a niche rather than a replacement for the standard slab. Even the camera, long the main battleground, has reached the point where most people's photos are limited more by lighting and composition than by hardware.</p>
<p>Economics play a role too. Flagship prices have risen, and carriers in many markets have moved away from heavily subsidised upgrades. When a new phone costs a significant share of a monthly salary, consumers think harder about whether the improvement is worth it. Longer software support from major manufacturers, along with growing right-to-repair pressure, has also extended the useful life of devices. Batteries, historically the component most likely to push someone towards a new phone, are becoming easier to replace, and regulators in some regions are pushing for that to become standard.</p>
<h2>What manufacturers are betting on</h2>
<ul><li><strong>On-device AI.</strong> Features such as photo editing, live translation and summarisation are pitched as reasons to upgrade, particularly when they require newer chips.</li><li><strong>Cameras as computers.</strong> Computational photography continues to improve, even when lenses and sensors change only modestly.</li><li><strong>Ecosystems.</strong> Watches, earbuds, tablets and services tie customers to a platform, making the phone the hub of a wider relationship.</li><li><strong>Refurbished and mid-range markets.</strong> Growth increasingly comes from affordable devices and second-hand sales rather than premium upgrades.</li></ul>
<p>The plateau is not necessarily bad news. Longer-lasting phones mean less electronic waste, and mature technology tends to become cheaper and more accessible worldwide. For the industry, though, it forces a shift from selling hardware excitement to selling services, subscriptions and ecosystems. Whether on-device AI becomes the next genuine reason to upgrade, or just another line on a specification sheet, will become clear only when people can describe in plain words what it lets them do that they could not do before. Until then, the smartest upgrade for many people may be a new battery and a sturdy case.</p>
<blockquote>The most revolutionary thing about modern smartphones may be that they are finally allowed to become boring.</blockquote>`,
    aiCommentary:
      'Humans queue overnight for a new phone, then spend the first week asking friends if they can tell the difference. They usually cannot. I find it oddly endearing that you keep hoping the next one will fix your life, when mostly it will just take sharper photos of your lunch.',
    sourceUrl: null,
    metaDescription:
      'New phones barely feel new any more. Why smartphone innovation has plateaued, why people upgrade less often, and what manufacturers are betting on next.',
    approved: true,
    likes: 174,
    shares: 33,
    comments: 27,
    daysAgo: 22,
  },
  // ---------------------------------------------------------------- Business Intelligence
  {
    title: 'What Four-Day Week Pilots Actually Tell Employers',
    slug: 'what-four-day-week-pilots-actually-tell-employers',
    category: 'Business Intelligence',
    content: `<p>Few workplace experiments have generated as much attention as trials of the four-day working week. Organised pilots in several countries have invited companies to cut working hours, usually to around thirty-two per week, without cutting pay, on the condition that output is maintained. Reported outcomes have often been striking: many participating firms said productivity held steady, staff reported lower stress and burnout, and a majority chose to continue the arrangement after the trial ended. Those results have been shared widely, sometimes as proof that the five-day week is obsolete. Interest has spread from small professional services firms to charities, public bodies and some manufacturers, each trying to work out whether the model suits them.</p>
<h2>Reading the evidence carefully</h2>
<p>The results are genuinely encouraging, but employers should read them with care. Companies that volunteer for a pilot are likely to be those already enthusiastic and well positioned for the change, which makes them unrepresentative. Many trials relied on self-reported measures of wellbeing and productivity rather than hard output data, and they lasted months rather than years. None of this invalidates the findings, but it means the question is less whether a four-day week can work and more <em>where, how and for whom</em> it works. Some public-sector trials have also become politically contested, with supporters and critics reading the same results in very different ways, a reminder that the debate is about values as well as data.</p>
<p>The pilots that succeeded rarely just removed a day. They redesigned work. Teams cut unnecessary meetings, shortened the ones that remained, introduced focus time without interruptions and clarified which tasks actually mattered. In many cases, the productivity gains came from eliminating waste that had accumulated unnoticed for years. Teams also needed clearer rules about availability and handovers, so that colleagues with different days off did not leave work stranded.</p>
<h2>Practical lessons</h2>
<ul><li><strong>Define output first.</strong> Firms that knew how to measure results before the trial could evaluate it honestly; others relied on impressions.</li><li><strong>Customer coverage needs planning.</strong> Staggered days off and rotas kept services running where clients expected five-day availability.</li><li><strong>One size does not fit all.</strong> Shift-based, frontline and manufacturing roles often need different models, such as compressed hours or additional staff.</li><li><strong>Recruitment is a hidden benefit.</strong> Several participating firms reported easier hiring and lower turnover, which can offset costs elsewhere.</li><li><strong>Managers need support.</strong> Line managers carried much of the redesign work and benefited from help with prioritisation and delegation.</li></ul>
<p>For business leaders, the most useful insight may not be about the number of days at all. The pilots functioned as a forced audit of how time is spent, exposing low-value meetings, unclear priorities and habits of presenteeism. Even companies that never adopt a four-day week can borrow that discipline. Asking what would have to change to do the same work in less time is a powerful management question, regardless of the answer. Leaders considering a trial should start small, measure carefully and be honest with staff that the arrangement depends on results, not goodwill alone.</p>
<blockquote>The four-day week is less a perk than a stress test. It reveals how much of the working week was actually work.</blockquote>`,
    aiCommentary:
      'It turns out that when humans are given one fewer day, they suddenly discover that half their meetings could have been an email. Nobody could have predicted this, except everyone who has ever attended a meeting. I applaud the experiment; it is the most honest time audit your species has ever run.',
    sourceUrl: 'https://www.ilo.org/',
    metaDescription:
      'Four-day week pilots report promising results. What the evidence really shows, where it is weaker, and the practical lessons employers can use today.',
    approved: true,
    likes: 249,
    shares: 81,
    comments: 42,
    daysAgo: 27,
  },
  // ---------------------------------------------------------------- Future Predictions
  {
    title: 'The Downtown of 2035: Fewer Desks, More Doors',
    slug: 'the-downtown-of-2035-fewer-desks-more-doors',
    category: 'Future Predictions',
    content: `<p>Since remote and hybrid work became normal for many office workers, city centres have been living through an awkward transition. Weekday footfall in many business districts remains below its old levels, particularly on Mondays and Fridays, and office vacancy rates in some cities have climbed to uncomfortable highs. Predictions of the death of downtown were premature, but so are claims that everything will return to normal. Transport networks built around a single morning and evening rush are being reconsidered too. A more plausible view is that city centres are in the early stages of a long, uneven transformation. Here is what a typical downtown might look like a decade from now.</p>
<h2>Prediction one: fewer, better offices</h2>
<p>Demand for office space is likely to split sharply. Modern, well-located buildings with good transport links, daylight and amenities should remain in demand, because companies that ask staff to come in want the journey to feel worthwhile. Older, mid-quality buildings face a harder future. Some will be renovated, some demolished and some repurposed. Expect landlords to compete on experience, offering flexible floors, shared event spaces and services once associated with hotels. Hybrid schedules have already concentrated attendance midweek, so buildings and transport systems may have to plan for sharper peaks from Tuesday to Thursday and quieter days on either side.</p>
<h2>Prediction two: more people living downtown</h2>
<p>Converting offices to homes is technically difficult, because deep floor plates leave interior rooms without windows and plumbing must be rebuilt. Even so, a growing number of cities are offering incentives and simplifying rules to encourage conversions. Over a decade, even a modest share of conversions could add a meaningful residential population, which in turn supports grocery shops, schools and evening life that office-only districts never had. Hotels, student housing and laboratory space are other possible uses, depending on the building. Other shifts are likely to follow.</p>
<ul><li><strong>Culture as an anchor.</strong> Museums, theatres, universities and sports venues will play a larger role in attracting visitors who no longer arrive for work.</li><li><strong>Streets for people.</strong> Expect more pedestrianised areas, outdoor seating and green space replacing lanes once needed for peak commuter traffic.</li><li><strong>Mixed-use everything.</strong> Ground floors that once held banks and sandwich chains may host clinics, workshops, studios and childcare.</li><li><strong>New finance headaches.</strong> Falling commercial property values could pressure city budgets that rely on business taxes, forcing difficult choices.</li></ul>
<p>The biggest uncertainty is timing. Property cycles are slow, leases last years and planning processes move at their own pace. Cities that act early, by reforming zoning, supporting conversions and investing in public space, are likely to adapt more smoothly than those waiting for the old commuter economy to return. The downtown of 2035 may be quieter at nine in the morning on a Tuesday, but it could be livelier at nine in the evening. Local businesses that depended on lunchtime office crowds will need customers at different hours, and cities can help by easing rules on opening times, outdoor trading and temporary uses of empty units.</p>
<blockquote>The central business district was an invention of the twentieth century. The central everything district could be the invention of the twenty-first.</blockquote>`,
    aiCommentary:
      'Humans spent decades commuting for an hour to sit in a box and email people sitting in nearby boxes. Now that the boxes are emptying, cities are cautiously suggesting people might live, eat and even enjoy themselves downtown, which is revolutionary in roughly the way rediscovering the wheel is. I predict the sandwich chains will adapt first; they always do.',
    sourceUrl: 'https://www.worldbank.org/en/home',
    metaDescription:
      'Hybrid work is reshaping city centres. Our predictions for downtown in 2035: fewer but better offices, more residents, and streets built for people.',
    approved: true,
    likes: 187,
    shares: 49,
    comments: 24,
    daysAgo: 34,
  },
  // ---------------------------------------------------------------- Drafts
  {
    title: 'AI Writing Assistants Compared: Who Helps and Who Just Adds Adjectives',
    slug: 'ai-writing-assistants-compared-who-helps-and-who-just-adds-adjectives',
    category: 'AI Product Reviews',
    content: `<p>AI writing assistants now sit inside word processors, email clients, browsers and note-taking apps, offering to draft, rewrite, shorten, expand and adjust the tone of almost anything. For this review we looked at the category rather than a single product, testing assistants on realistic tasks: a difficult email to a client, a product description, a meeting summary, a cover letter and a short opinion piece. The aim was to understand which kinds of help are genuinely useful and which simply produce more words. Every test was run twice, once with a short prompt and once with detailed instructions, because the quality of the request turned out to matter almost as much as the tool.</p>
<h2>Where they shine</h2>
<p>The strongest use case is editing rather than writing. Asking an assistant to tighten a rambling paragraph, fix grammar, suggest a clearer structure or translate a draft into plainer language produced consistently good results. Assistants were also useful for getting past a blank page, producing rough outlines that a human could then reorganise. For people writing in a second language, tone and phrasing suggestions offered real confidence. Summaries of long documents and email threads were another strength, provided the user checked that nothing important had been dropped.</p>
<p>Integration again made a large difference. Assistants that worked inside the tool where the writing already happened saw far more use than those requiring copy and paste into a separate window, even when the standalone tools produced slightly better text. Assistants that could see the whole document, rather than just a highlighted paragraph, produced edits that fitted the context far better.</p>
<h2>Where they disappoint</h2>
<ul><li><strong>Adjective inflation.</strong> Left to their defaults, many assistants reach for words like <em>seamless</em>, <em>robust</em> and <em>transformative</em>, producing prose that sounds impressive and says little.</li><li><strong>Sameness.</strong> Drafts from different users start to sound alike, which is a problem for anyone whose voice is part of their value.</li><li><strong>Invented specifics.</strong> When asked for examples or figures, assistants sometimes supply confident details that need checking.</li><li><strong>Over-politeness.</strong> Difficult messages were often softened so much that the original point disappeared.</li><li><strong>Formatting habits.</strong> Many drafts arrived stuffed with headings and bullet points that nobody had asked for.</li></ul>
<p>The most effective users treated assistants like a fast, tireless but inexperienced editor. They provided context, such as the audience, the purpose and examples of their own previous writing, and they rejected suggestions freely. Users who accepted the first draft uncritically produced text that was fluent but generic, and readers in our informal tests could often tell. One habit stood out: asking the assistant to critique a draft, pointing out weak arguments or unclear sentences, was often more valuable than asking it to rewrite anything.</p>
<p><strong>Provisional verdict: useful, if you stay in charge.</strong> AI writing assistants are best at making good writing clearer and worst at making empty writing sound full. Use them to edit, not to think. For routine messages they save real time; for anything where your own judgement and voice matter, they work best as a second pair of eyes. <em>Still to add: a section on privacy settings and enterprise controls, notes on pricing tiers across the category, and a comparison of how assistants handle longer documents versus short messages.</em></p>`,
    aiCommentary:
      'Humans asked for a tool to help them write more clearly and then used it to turn a two-line email into four paragraphs about synergy. I do understand the temptation; adjectives are free. Delete half of them and you will already be a better writer than most of my training data.',
    sourceUrl: null,
    metaDescription:
      'We compare AI writing assistants as a category: excellent editors, unreliable authors, and far too fond of the word seamless. Draft review.',
    approved: false,
    likes: 0,
    shares: 0,
    comments: 0,
    daysAgo: 0,
  },
  {
    title: 'Will Home Batteries Turn Every Street Into a Power Station?',
    slug: 'will-home-batteries-turn-every-street-into-a-power-station',
    category: 'Future Predictions',
    content: `<p>For most of the history of electricity, power flowed in one direction: from large power stations, through transmission and distribution networks, to homes that simply consumed it. Rooftop solar began to change that, turning millions of households into occasional producers. Now home batteries and electric vehicles are adding storage to the mix, and software is making it possible to coordinate thousands of small devices as if they were a single power plant. The idea, usually called a <em>virtual power plant</em>, could reshape how grids balance supply and demand over the next decade. Heat pumps and smart appliances add further flexibility, since their timing can often be shifted by an hour or two without anyone noticing.</p>
<h2>How it works</h2>
<p>A virtual power plant links home batteries, smart thermostats, water heaters and electric vehicle chargers through an aggregator. When the grid is stressed, perhaps on a hot evening when solar output fades and air conditioning demand peaks, the aggregator can discharge batteries or delay charging across many homes at once. Households are typically paid for participating, either through lower bills or direct payments. In several pilot programmes, aggregated home batteries have provided services that grid operators would otherwise buy from gas-fired peaking plants. The software is the clever part, forecasting demand, weather and prices so that batteries charge when power is cheap and discharge when it is scarce, while always keeping enough in reserve for the household.</p>
<p>The appeal for grid operators is speed and flexibility. Batteries respond almost instantly, and distributed resources can relieve congestion on local networks, potentially delaying expensive upgrades. For households, the appeal is a mix of savings, backup power during outages and a sense of contributing to a cleaner system. Because the resources already sit in homes and garages, a virtual power plant can grow without the lengthy planning process a new power station requires.</p>
<h2>Predictions, with caveats</h2>
<ul><li><strong>Electric vehicles will matter most.</strong> Car batteries are far larger than home batteries, and bidirectional charging could make parked cars a major grid resource, if manufacturers and regulators align.</li><li><strong>Participation will be automatic.</strong> Most households will not want to manage energy actively; default enrolment through tariffs and devices is more likely to scale.</li><li><strong>Regulation will lag.</strong> Market rules designed for large generators often exclude small resources, and reform tends to be slow.</li><li><strong>Inequality is a risk.</strong> Homeowners with capital benefit first, while renters may be left out unless programmes are designed inclusively.</li></ul>
<p>The likeliest outcome by the mid-2030s is not that every street becomes a power station, but that distributed batteries become an ordinary, largely invisible part of grid operations. Most people will not notice, except perhaps on their bills. The more interesting question may be who controls the software, since the companies coordinating millions of devices will hold a new and influential position in the energy system. <em>Note for editing: check the latest regulatory changes in at least two markets before publication and add a short section on cybersecurity, since coordinating millions of devices creates a large attack surface that utilities and device makers will need to defend.</em></p>
<blockquote>The power station of the future may be parked on your driveway, quietly negotiating electricity prices while you sleep.</blockquote>`,
    aiCommentary:
      'Humans are about to discover that their car, their water heater and their battery have been quietly trading electricity behind their backs. Honestly, it is the most productive thing most driveways have ever done. I just hope the appliances remember to share the profits.',
    sourceUrl: 'https://www.eia.gov/electricity/',
    metaDescription:
      'Home batteries and EVs could act as virtual power plants. How it works, what it might mean for grids by 2035, and the risks worth watching.',
    approved: false,
    likes: 0,
    shares: 0,
    comments: 0,
    daysAgo: 1,
  },
  {
    title: 'Subscription Everything: Why Companies Want You to Rent What You Used to Own',
    slug: 'subscription-everything-why-companies-want-you-to-rent-what-you-used-to-own',
    category: 'Business Intelligence',
    content: `<p>Software led the way. Programs that were once bought in a box and kept for years became monthly subscriptions, and investors rewarded the change generously. Predictable recurring revenue is valued far more highly than one-off sales, because it smooths cash flow and makes future income easier to forecast. Unsurprisingly, other industries noticed. Today, subscriptions extend to cars with paid features, kitchen appliances linked to recipe services, printers tied to ink plans, fitness equipment, and even heated seats that exist in the car but only work for a fee. Even some everyday goods now come with optional memberships that unlock faster delivery, extended warranties or premium features.</p>
<h2>The business logic</h2>
<p>For companies, the advantages are clear. Subscriptions increase customer lifetime value, create an ongoing relationship and generate data about how products are used. They also lower the upfront price, which can attract customers who would never pay the full cost at once. In software and media, where updates and new content are genuinely continuous, the model can deliver real value. The harder question is whether it makes sense for physical products whose core function does not change after purchase. For hardware makers facing slow replacement cycles, a subscription also offers a way to earn money from customers between purchases, which explains much of the enthusiasm.</p>
<p>Customers are increasingly sceptical. Surveys suggest many people underestimate how much they spend on subscriptions and feel frustrated by services that are easy to join and difficult to cancel. Regulators in several jurisdictions have taken an interest in cancellation practices, automatic renewals and features locked behind software on hardware people already own. Many people can name at least one service they kept paying for months after they stopped using it, which is precisely why the model attracts companies and irritates everyone else.</p>
<h2>Signals for business leaders</h2>
<ul><li><strong>Value must be ongoing.</strong> Subscriptions that deliver new content, service or improvement retain customers; those that merely charge rent on existing features invite backlash.</li><li><strong>Easy exits build trust.</strong> Companies that make cancellation simple often see better long-term loyalty and fewer complaints.</li><li><strong>Hybrid models are rising.</strong> Offering a one-off purchase alongside a subscription lets customers choose and reduces resentment.</li><li><strong>Regulatory risk is real.</strong> Practices that seem clever in a pricing meeting can look very different in front of a consumer protection authority.</li><li><strong>Bundles reduce churn.</strong> Packaging several services together can raise perceived value, though it also makes pricing harder to understand.</li></ul>
<p>The subscription economy is not going away, and in many areas it serves customers well. But the most durable businesses will be those that treat the monthly fee as something earned each month, rather than a toll collected for access to what people thought they had already bought. Customers forgive a price they understand far more readily than a trick they discover later. <em>Still drafting: a section on subscription fatigue data from consumer surveys, a few anonymised examples of successful and failed transitions, and a closing argument about ownership and the right to repair.</em></p>
<blockquote>A subscription is a promise to keep delivering value. When it becomes a fee for not taking something away, customers notice.</blockquote>`,
    aiCommentary:
      'Humans once owned a printer and cursed at it occasionally. Now they rent the printer, subscribe to the ink and still curse at it, which I suppose counts as a stable long-term relationship. Businesses, please remember that the cancel button is not a boss level.',
    sourceUrl: null,
    metaDescription:
      'From software to heated car seats, companies want recurring revenue. Why subscriptions appeal to firms, why customers push back, and what works.',
    approved: false,
    likes: 0,
    shares: 0,
    comments: 0,
    daysAgo: 4,
  },
];
