/**
 * Words that never make a tag: English function words, generic verbs and adverbs, web-page boilerplate, time
 * words, numbers written out and units, plus the stop words of the page's own language (stopwords-iso).
 */
import { isoStopWords, type Language } from "./Language.js"

const english =
  `a about above across actually after afterwards again against all almost alone along already also although
always am among amongst an and another any anybody anyhow anyone anything anyway anyways anywhere are aren't around as
aside at away back be became because become becomes becoming been before beforehand behind being below beside besides
best better between beyond both brief but by came can can't cannot cant certain certainly clearly come comes could
couldn't did didn't different do does doesn't doing don't done down during each either else elsewhere enough especially
etc even ever every everybody everyone everything everywhere exactly except far few first five following for former
formerly four from further furthermore get gets getting given gives go goes going gone got gotten had hadn't has hasn't
have haven't having he he'd he'll he's hello hence her here here's hereafter hereby herein hers herself hi him himself
his hither how however i i'd i'll i'm i've ie if in inc indeed instead into is isn't it it'd it'll it's its itself
just keep keeps kept know known knows last later latter least less let let's like likely little look looking looks ltd
made mainly make makes many may maybe me mean meanwhile might mine more moreover most mostly much must mustn't my myself
name namely near nearly need needs neither never nevertheless new next nine no nobody none noone nor not nothing now
nowhere of off often oh ok okay old on once one ones only onto or other others otherwise ought our ours ourselves out
outside over overall own part particular particularly per perhaps placed please plus possible probably quite rather
really regarding said same saw say saying says second secondly see seeing seem seemed seeming seems seen self selves sent
seven several shall she she'd she'll she's should shouldn't since six so some somebody somehow someone something
sometime sometimes somewhat somewhere soon sorry still such sure take taken takes tell tends than thank thanks that
that's thats the their theirs them themselves then thence there there's thereafter thereby therefore therein thereupon
these they they'd they'll they're they've thing things think third this thorough thoroughly those though three through
throughout thru thus till to together too took toward towards tried tries truly try trying twice two under unless until
unto up upon us use used useful uses using usually value various very via viz want wants was wasn't way ways we we'd
we'll we're we've well went were weren't what what's whatever when whence whenever where where's whereafter whereas
whereby wherein whereupon wherever whether which while whither who who's whoever whole whom whose why will willing with
within without won't wonder would wouldn't yes yet you you'd you'll you're you've your yours yourself yourselves zero
able across add added adds almost along also another anything appear around ask asked asks available became become
began begin behind being believe big called came cannot case cases come day days did different does done easily end
ended ending ever example fact find finds found full gave give given giving good great had hand high however important
including instead keep kind large later lot lots main major making matter means might mind mostly moved much near new
number numbers often order part people place point put ready real recent recently right run say seem set show shows
side simply small something sometimes soon start started still sure thing today told took top true turn turned under
upon useful very want way week weeks went whether whole word words work works year years yesterday tomorrow`

const web =
  `about accept accepted account accounts ad ads advert advertisement advertising all allow app apps article articles
author back blog browser button buy cart cart checkout click close comment comments consent contact content continue
cookie cookies copyright css date days details download edit email enable enter facebook faq feed follow followers
footer free get guest help here home homepage href html http https image images info information instagram javascript
join link linkedin links list load loading log login logout menu message mobile more navigation newsletter next notice
online open page pages password pinterest please policy popular post posted posts preferences previous print privacy
profile read reader related reply reserved rights rss save search section see share shared sidebar sign signin signup
site sites skip social source sponsored start store submit subscribe subscriber subscription support tab tags terms
thanks tiktok toggle tweet twitter update updated upload url user username users view views visit web
webpage website welcome whatsapp www youtube com org net`

/** When something happened is never what a page is about. */
const time = `second seconds minute minutes hour hours hourly day days daily week weeks weekly weekday weekdays weekend
weekends fortnight month months monthly year years yearly annual decade decades century centuries today tonight
yesterday tomorrow morning mornings afternoon evening evenings night nights ago earlier later recently soon now
monday tuesday wednesday thursday friday saturday sunday january february march april may june july august
september october november december jan feb mar apr jun jul aug sep sept oct nov dec am pm gmt utc min mins sec secs hr hrs`

/** Quantities are not topics: numbers written out and units of measure. */
const quantities = `one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen
seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred hundreds thousand thousands
million millions billion billions dozen dozens half quarter percent per cent km kg mg g mm cm m ml l lb lbs oz cup cups
tbsp tsp kcal cal mph kmh kph hz khz mhz ghz kb mb gb tb mah watt watts volt volts inch inches foot feet metre metres
meter meters mile miles litre litres liter liters gram grams kilogram kilograms kilometre kilometres degree degrees`

/** English words that describe rather than name: they make poor tags on any page. */
const vague = `finally actually really simply quickly slowly nearly almost certainly probably perhaps likely
several various certain whole entire main major minor large small big little huge tiny long short high low new old
good bad better worse best worst great easy hard able unable many much more most less least few lot lots thing things
way ways part parts kind kinds sort type types number numbers amount others other another same different
whether although though however therefore thus hence also still even just only already always never often sometimes
told says said say saying asked ask asks according including include includes included use used using uses`

const base = new Set(`${english} ${web} ${time} ${quantities} ${vague}`.split(/\s+/).filter((word) => word !== ""))

/** The English lists (pages mix English into every language) and the page language's own. */
const perLanguage = new Map<Language, ReadonlySet<string>>()

export const stopWordsFor = (language: Language): ReadonlySet<string> => {
  let found = perLanguage.get(language)
  if (found === undefined) {
    found = language === "en" ? base : new Set([...base, ...isoStopWords(language).map((word) => word.toLowerCase())])
    perLanguage.set(language, found)
  }
  return found
}

export const stopWords: ReadonlySet<string> = base

export const isStopWord = (word: string, language: Language = "en"): boolean => {
  const set = stopWordsFor(language)
  return set.has(word) || (word.includes("’") && set.has(word.replaceAll("’", "'")))
}
