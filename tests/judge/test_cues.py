"""The explicit cues of ``referee.judge.text`` on sentences of the kinds the guide names."""

from functools import partial

import pytest

from referee.judge.text import (
    before_object,
    exclamation,
    figurative,
    given_name,
    hypothetical,
    in_list,
    negated,
    season,
    tokenize,
    verb_use,
)
from tests.judge.helpers import cue_at

LISTS = [
    # things that look like verbs in the past, alone or hyphenated
    ("The stable boy fetched the saddle, bridle, bit and spurs.", "bridle"),
    ("Behind the farm stood a barn, a well, woodshed and pigsty.", "barn"),
    ("The pantry held cheese, dried-up figs, stale bread and onions.", "cheese"),
    ("There were wolves, bears, stewed in pots, and boars.", "wolves"),
    ("He sees wolves, bears, foxes and the old hermit.", "bears"),
    ("There were giants, goblins, pumpkins that sang, and talking trees.", "goblins"),
    ("The beach was strewn with pebbles, shells, seaweed and driftwood.", "pebbles"),
    ("The hall was full of carved chests, painted screens and gilded mirrors.", "chests"),
    ("Villages with horses, shepherdesses, frogs and giants.", "horses"),
    # after an opening clause of time
    ("When the gates opened, there were pies, cakes, roast geese and a whole boar.", "geese"),
    # the first item, what it looked like after it
    ("From the hill she saw banners flying from the towers, tents, horses and knights.", "banners"),
    ("The path wound past lanterns swaying in the wind, stalls, tents and wells.", "lanterns"),
    (
        "He sang of weddings, battles, harvests and shipwrecks until the innkeeper slept.",
        "weddings",
    ),
    ("Its walls were hung with swords, shields, banners and the antlers of a stag.", "swords"),
    ("It showed hunters, towers, unicorns and a sea full of ships, and she sewed on.", "towers"),
    ("It showed hunters, towers, unicorns and a sea full of ships, and she sewed on.", "sea"),
    ("It flew over seas and islands, over cities and snowy mountains.", "islands"),
    ("Her hut was full of cats and black candles and jars of dried toads.", "cats"),
    ("The barn was full of hay, cobwebs, swallows' nests and old harnesses.", "nests"),
    ('"I saw wolves, bears and foxes," he said.', "bears"),
    # after such an opening a list of three is still one
    ("At the market, apples, pears and plums were sold.", "pears"),
    ("That night, owls, bats and foxes prowled.", "bats"),
    # an opening that is itself a clause, or a thing, may start the list
    ("On the dresser lay a comb, a mirror, a ribbon and a thimble.", "mirror"),
    ("The sea at sunset, a pyramid, a snowy pass and a fat man on a camel.", "sea"),
    ("Spring, summer and autumn passed.", "summer"),
    ("The king ate apples, pears and plums.", "pears"),
    # three or more items opened alike, told without an "and"
    ("Nothing had changed: the same church, the same inn, the same lime trees.", "inn"),
    ("He took his sword, his shield, his old horse.", "shield"),
    # after a thing, other things (one with an adjective) are still a list
    ("He saw a castle, old houses and a mill.", "castle"),
    ("She was tired, cold and hungry.", "tired"),
    # things described by an "-ing" word are things, and so are doings after a doing
    ("They passed the mill, sleeping cats and barking dogs.", "mill"),
    ("She loved singing, dancing and laughing.", "singing"),
    ("There was a wedding, a christening and a funeral.", "wedding"),
    # a clause of time or cause after the last item is not part of it
    ("He walked past fields, windmills, sleepy villages and cattle until he left.", "windmills"),
    ("He rode past mills, orchards, an abbey and a dozen villages before nightfall.", "orchards"),
    # a spoken closer set off by a comma ends a list as its "and" does
    ("And they pass swamps, meadows, a ruined windmill, some sheep, whatever, the usual.", "sheep"),
    ("Rugs, clocks, birdcages, dusty portraits, you name it, but he wanted the ring.", "clocks"),
    ("It's full of junk, dolls, books, an old drum, the works.", "dolls"),
    # and a plural closing the clause before them is the first of the items
    ("And they pass swamps, meadows, a ruined windmill, some sheep, whatever.", "swamps"),
    ("He's looking at ants, beetles, clouds, whatever, and then a carriage lands.", "ants"),
    # two short items and a long one, where a spoken closer ends them
    ("There were acrobats, clowns, a man with a performing goat, all that, and he left.", "clowns"),
    ("Gold, horses, a palace that shone on the hill, the lot.", "horses"),
    # four short items or more, set off by commas alone, as speech runs a list on
    (
        "The square was packed, jugglers, beggars, pickpockets, goats, and then she saw him.",
        "beggars",
    ),
    ("He rowed past willows, reeds, ducks, otters, little fishing villages, and slept.", "otters"),
    # speech's "this" brings in the place, and the list is what it holds
    (
        "so he rides through this valley with sheep and goats and cows and chickens, and nobody "
        "stops him",
        "sheep",
    ),
]
NOT_LISTS = [
    # predicates of one subject, not items
    ("The wolf ran, jumped, and bit the hunter.", "wolf"),
    ("The witch cackled, stirred her pot, and added a toad.", "witch"),
    ("He ate the apple, threw away the core, and lay down to sleep.", "apple"),
    ("The dwarfs worked, ate, and slept in the mine.", "mine"),
    ("The witch cackles, stirs her pot, and adds a toad.", "witch"),
    # a predicate opened by "was", "were", "had" or "would" is no item either
    ("They knelt before the bishop in the abbey and were married, and the bells rang.", "married"),
    ("One morning the prince put it on and was invisible, and the queen fainted.", "invisible"),
    ("The old hound lay by the hearth, full of sorrow, and would not eat.", "sorrow"),
    ("The fox climbs the wall, steals a hen, and runs away.", "wall"),
    # coordinated clauses and predicates
    ("The soldier sat by the fire, warmed his hands, and asked the old woman for soup.", "fire"),
    ("Rosa held her nose and kissed his ugly, slimy head.", "ugly"),
    (
        "The robbers threw off their cloaks and drew their knives, "
        "and the merchant saw that they were not pilgrims at all.",
        "cloaks",
    ),
    ("He added carrots, barley and a bone, and the soup smelled so very good.", "soup"),
    ("The city, when he reached it, was louder and dirtier than he had imagined.", "city"),
    # a list does not reach across a quotation mark
    ('"Bring me the crown," said the dying king, "and call my son."', "crown"),
    ("'Poor thing,' the old woman said, 'come and sit by me.'", "poor"),
    # an opening that says when, where or how, then two subjects: no list of three
    ("Then, the king and the queen rode out.", "king"),
    ("Meanwhile, the witch and the cat were plotting.", "cat"),
    ("One day, the king and the queen rode out.", "queen"),
    ("Three years later, the boy and the girl met again.", "boy"),
    ("Inside the cave, the dragon and the knight fought.", "knight"),
    ("Without a word, the prince and his horse left.", "prince"),
    ("Sadly, the dog and the cat died.", "dog"),
    ("At dawn, the king and the queen rode out.", "dawn"),
    # the subject of the verb whose objects the list holds
    ("The king ate apples, pears and plums.", "king"),
    ("The old miller sold flour, oats and barley.", "miller"),
    # the subject of a verb after an aside that holds an "and"
    ("The Black Forest, a tangle of thorn and pine, had swallowed many travellers.", "forest"),
    ("The old mill, a ruin of stone and timber, stood by the river.", "mill"),
    ("The castle, with its towers and gates, rose above the town.", "castle"),
    ("A dragon, huge and red and angry, landed in the square.", "dragon"),
    ("The four musicians, a donkey, a dog, a cat and a rooster, stood on the cart.", "musicians"),
    # two items opened alike, or an aside between them, are no list without an "and"
    ("He saw the wolf, the wolf saw him.", "wolf"),
    ("The king, a proud man, the crown on his head, rode out.", "king"),
    # a thing described by adjectives after it
    ("They reached an island, green and full of birds.", "island"),
    ("At last they came to a village, quiet and very small.", "village"),
    ("Far off stood a castle, dark and cold and silent.", "castle"),
    # or by what was done to it
    ("He pressed into her hand a map, stained with salt and blood.", "map"),
    ("She wore a cloak, trimmed with fur and silver thread.", "cloak"),
    # the main clause's subject after an opening clause
    ("Because she cried so loudly, a fisherman rowed over and cut her free.", "fisherman"),
    # two openings, then a thing described by adjectives (after one of its own)
    ("Under the firs, to her surprise, the girl found wild berries, ripe and sweet.", "berries"),
    # the past verb its clause ends on, then how it was done
    ("One night he escaped, squeezing through the bars and dropping into the moat.", "escaped"),
    ("Her eyes closed, her breath slowed, and she slept for a hundred years.", "closed"),
    # a word summed up after it, "all ..." or "nothing but ..."
    ("The old horse was thin, all ribs and hips, and slow on the hills.", "thin"),
    ("They were dying of hunger, nothing but skin and bones, when the fairy came.", "hunger"),
    # then what was being done, told in "-ing"
    ("In the cradle lay a boy no bigger than a pea, kicking and waving his fists.", "pea"),
    ("The bear stood up on the riverbank, growling and sniffing the air.", "riverbank"),
    ("The goose waddled into the kitchen, hissing and flapping.", "kitchen"),
    # a doing with a bare object, and a plain one after it
    ("In the doorway sat an ugly old hag, spinning thread from nettles and muttering to "
     "herself.", "hag"),
    # a clause after ", and" is no last item, whatever follows it
    ("He painted it with stars and moons, and the queen wept when she saw it.", "queen"),
    ("Her songs told of duels, weddings and shipwrecks, and the boy slept before the end.", "boy"),
    ("He was not dead, just knocked out, and after a while he sat up.", "dead"),
    # what a clause's last word held, told after it with a spoken closer
    ("He threw this massive banquet, roast boar, pies, the works, and everyone came.", "banquet"),
    ("So the wolf dresses up as the grandma, nightcap, glasses, the whole thing.", "grandma"),
    # a closer after items joined by "and" closes nothing ("just like, fine, whatever")
    ("It follows her into the throne room, and the king's just like, fine, whatever.", "room"),
    # an item opened by "be" is a predicate, told or bidden
    ('"Bring me my silver saddle, boy, and be quick about it," he shouted.', "saddle"),
    # the verb right after its subject pronoun, then how he came back
    ("Years later he returns, tanned and bearded, and walks right up to the old gate.", "returns"),
    ("When I die, my sons will dig, and their sons after them.", "die"),
    # who is spoken to, between what they are bidden to do
    ('"Please, my lady, come in and sit near the stove," the old servant said.', "lady"),
    ('"Come in, my friend, and sit down," said the miller.', "friend"),
    # what tells where, after commas alone; and qualities of the word before them
    ("And there were mice everywhere, in the grain, in the walls, in his boots.", "mice"),
    ("All night he sat by the fire, silent, cold, dark.", "fire"),
    # a thing and what it looked like, then a clause
    ("She found a sword wrapped in silk, and she carried it home to her father.", "sword"),
    ("He saw a lantern swaying in the wind, and he ran towards it.", "lantern"),
    # a clause before a list opened by its own "there's" or subject
    ("and they ride into the market, and there's jugglers and goats and everything", "market"),
    # a newcomer brought in by speech's "these", then what he looks like
    ("and out of the woods come these bandits, masks, knives, the works, and they rob the coach",
     "bandits"),
    # after an opening clause, the word and what it was doing, then who it was
    ("When she opened the door, there on the step sat three kittens, shivering and mewing, "
     "which she carried inside.", "kittens"),
    # three short items with no "and" are not enough
    ("The square was packed, jugglers, beggars, goats, and then she saw him.", "beggars"),
    # "man and wife", "long and hard": one phrase
    ("The priest blessed the rings, and the shepherd and the princess became man and wife "
     "before the court.", "princess"),
    # a word said again for stress, and one newcomer brought in by speech's "this"
    ("they wash up on an island that's just jungle, like total jungle, vines everywhere and "
     "monkeys screaming", "jungle"),
    ("Brown eggs, white eggs, a duck egg and one egg of shining silver.", "egg"),
    ("and at the docks there's this old mariner, salty guy, one leg and a pipe, you know the "
     "type", "mariner"),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "word"), LISTS)
def test_items_of_a_list_are_passing_mentions(sentence, word):
    assert cue_at(in_list, sentence, word)


@pytest.mark.parametrize(("sentence", "word"), NOT_LISTS)
def test_clauses_joined_by_commas_are_not_lists(sentence, word):
    assert not cue_at(in_list, sentence, word)


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        ("No one had ever seen a face as lovely as the goose girl's.", "lovely", False),
        ("The gatekeeper was as ancient as the hills.", "ancient", False),
        ("The gatekeeper was as ancient as the hills.", "hills", True),
        ("He fought like a lion.", "lion", True),
        ("She had a heart of stone.", "stone", True),
    ],
)
def test_a_simile_is_figurative_for_its_figure_not_for_the_quality_compared(
    sentence, word, expected
):
    assert cue_at(figurative, sentence, word) is expected


VERB_USES = [
    # (sentence, word, the card is a place, used as a verb)
    ("The bells began to ring.", "ring", False, True),
    ("At last she gave birth to twins.", "twins", False, False),
    ("The bishop came to crown the prince.", "crown", False, True),
    ("The hills seemed to tower over the town.", "tower", True, True),
    ("The waves threatened to swamp the boat.", "swamp", True, True),
    ("He went down to the river to fish.", "fish", False, True),
    ("They will crown him at dawn.", "crown", False, True),
    ("The sad news caused her eyes to well with tears.", "well", True, True),
    ("The old roof threatened to cave under the snow.", "cave", True, True),
    ("The archbishop came to crown Prince John.", "crown", False, True),
    ("The archers ran up to fire at the dragon.", "fire", False, True),
    ("The soldier raised his musket and tried again to fire.", "fire", False, True),
    # "to" the preposition: a place reached, or somewhere someone goes
    ("Early on Sunday the farmer drove his cow to market.", "market", True, False),
    ("When he was fifteen the boy ran away to sea.", "sea", True, False),
    ("The miller rode to town to sell his flour.", "town", True, False),
    ("The soldier walked all the way down to hell.", "hell", True, False),
    ("Tired out, he went home to bed.", "bed", False, False),
    ("The bells of the church rang.", "church", True, False),
    # "you" calling someone by the word, where "Do you fish?" asks
    ('"Come back here, you thief!" shouted the baker.', "thief", False, False),
    ('"You fox, you tricked me!" cried the crow.', "fox", False, False),
    ("Do you fish?", "fish", False, True),
    # speech writes no marks: a call opens it and a word of talk closes it
    ("so he's like hey you goat yeah you with the beard get off my roof", "goat", False, False),
    # "kept", "began", "started": a verb in "-ing" after them, an object otherwise
    ("The old woman kept goats and hens behind her cottage.", "goats", False, False),
    ("The dragon started fires in every village it passed.", "fires", False, False),
    ("The old priest kept clearing his throat.", "clearing", True, True),
    ("The giant kept King Olaf in a cage.", "king", False, False),
    # a negation between the marker and the word, or a contracted one, leaves it a verb
    ("She could not bear the thought of leaving him.", "bear", False, True),
    ("The bells would never ring again.", "ring", False, True),
    ("She couldn't bear the silence.", "bear", False, True),
    ("He cannot spell his own name.", "spell", False, True),
    ("There was not a bear in the wood.", "bear", False, False),
    # bidden at the start of a sentence or of speech, its object right after it
    ('"Ring the bell, the wolves are coming!" he cried.', "ring", False, True),
    ('"Saddle my horse and be quick about it," the knight said.', "saddle", False, True),
    ("The wolves came. Lock the doors!", "lock", False, True),
    ("Crown him, and the war is over.", "crown", False, True),
    ("Gold that is never spent is no use to anyone.", "gold", False, False),
    ("Dragons the size of houses flew over the hills.", "dragons", False, False),
    ("Bread the colour of ash was all they had.", "bread", False, False),
    ("Crowns of gold lay in the chest.", "crowns", False, False),
    ("Fire! The barn is burning!", "fire", False, False),
]


@pytest.mark.parametrize(("sentence", "word", "place", "expected"), VERB_USES)
def test_a_noun_card_word_is_a_verb_only_where_it_acts_as_one(sentence, word, place, expected):
    assert cue_at(partial(verb_use, place=place), sentence, word) is expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Well, he buried the crown under that palm.", True),
        ('"Well," said the miller, "come in."', True),
        ("Oh well, nobody expected it to fail.", True),
        ("well so um there's this family of bakers", True),
        ("well nobody expected it to fail so badly", True),
        # a well, wherever it stands in the sentence
        ("Well water is the sweetest in the land.", False),
        ("She fell into the well, and the frog laughed.", False),
        ("The well, old and deep, had run dry.", False),
    ],
)
def test_an_opening_well_is_an_exclamation(sentence, expected):
    assert cue_at(exclamation, sentence, "well") is expected


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        ("In the fall the geese flew south.", "fall", True),
        ("That fall the old queen's garden gave more pumpkins than ever.", "fall", True),
        ("When spring came, he woke thin and hungry.", "spring", True),
        ("In spring the storks came back to the mill.", "spring", True),
        # a fall, a spring of water
        ("He broke his arm in the fall from the tower.", "fall", False),
        ("The fall from the horse broke his arm.", "fall", False),
        ("She drank from a spring in the rocks.", "spring", False),
    ],
)
def test_a_season_is_the_time_of_year(sentence, word, expected):
    assert cue_at(season, sentence, word) is expected


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        ("There was no dragon in that land.", "dragon", True),
        ("The fairy had lost her powers and no longer carried a wand.", "wand", True),
        # a measure before what it measures: the negation reaches through it
        ("There was not a single drop of wine left in the cellar.", "wine", True),
        ("Not one crumb of bread was left.", "bread", True),
        # a negation that measures denies nothing after it
        ("Not far from the castle lay a deep lake.", "castle", False),
        ("Not long after, they reached the forest.", "forest", False),
        ("Not only the king but the whole court wept.", "king", False),
        ("No sooner had they lit the fire than a wolf howled.", "wolf", False),
        ("There was no long road through the dark forest.", "road", True),
        # fixed phrases assert
        ("Without a doubt the key was hidden in the kitchen.", "key", False),
        ("No doubt the wolf was hungry.", "wolf", False),
        ("He couldn't help admiring the sword above the fireplace.", "sword", False),
        ("She could not help but love the little cat.", "cat", False),
        # a negative pronoun denies itself, not what "but" leads to or a thing named with "the"
        ("Nothing but a wolf could have left such tracks.", "wolf", False),
        ("The youngest son got nothing but a cat.", "cat", False),
        ("No one except the witch knew the way.", "witch", False),
        ("He knocked, but no one opened the door.", "door", False),
        ("Nobody remembered the little garden.", "garden", False),
        ("No one had a horse in that village.", "horse", True),
        ("Nobody saw a dragon that year.", "dragon", True),
        ("There was nothing in the chest.", "chest", False),
        # beyond the usual reach, a negative pronoun opening the clause denies "a" thing
        ("Nobody in the village had ever seen a unicorn.", "unicorn", True),
        ("No one in the whole valley had ever heard a wolf.", "wolf", True),
        ("Nobody in the village remembered the little garden.", "garden", False),
        ("No one in the kingdom had ever seen a face as lovely as hers.", "lovely", False),
        # after "but" or "and" opening the clause too, and not what a given thing has
        ("But nobody in the hills had ever seen a dragon.", "dragon", True),
        ("The hall was full, and no one in the crowd had ever met a giant.", "giant", True),
        ("Nobody at the fair noticed the fox in a stolen bonnet.", "bonnet", False),
        ("and nobody has money for a coffin so they just wrap him in his cloak", "coffin", True),
        ("No one in the village had seen a wolf for a hundred years.", "years", False),
        # "not one", "none" and the negative pronouns deny what their subject is said to be
        ("Not one of the castle's windows was ever bright, even on feast days.", "bright", True),
        ("None of the travellers at the inn were ever hungry.", "hungry", True),
        ("Nobody in the whole quiet village was ever poor.", "poor", True),
        ("None of the knights at the feast saw the dragon.", "dragon", False),
        ("Not one of the guests at the wedding was a stranger.", "stranger", True),
        # what the words after it say does not exist is denied too
        ('"Ghosts aren\'t real," said her brother.', "ghosts", True),
        ("Everyone knows dragons don't exist.", "dragons", True),
        ("The witch was not real, just a story to scare children.", "witch", True),
        ("The dragon did not move.", "dragon", False),
        ("He was a child no longer, and he went to sea.", "child", True),
        ("The old woman was poor no longer.", "poor", True),
        ("There lay a sword no longer than a kitchen knife.", "sword", False),
        ("He no longer feared the wolf in the forest.", "forest", False),
        # "but" or "except" a little after it leads to what is there
        ("She had nothing left but a ring.", "ring", False),
        ("The little girl had no one to play with but her dog.", "dog", False),
        # "out of nowhere" tells how suddenly something came
        ("Out of nowhere a dragon swooped down on the village.", "dragon", False),
        ("And then from nowhere this giant shows up.", "giant", False),
        # "anything but" after a linking verb denies; after another verb it leaves alone
        ("Yet he was anything but lazy: he rose before the sun.", "lazy", True),
        ("She looked anything but a queen in those rags.", "queen", True),
        ("He would eat anything but a mushroom.", "mushroom", False),
        # a negative subject denies what it is said to become, not what another subject is
        ("Not a single villager went starving before the spring.", "starving", True),
        ("Not one of them fell asleep, though the night was long.", "asleep", True),
        (
            "not one of them looked at her so that by midnight she felt quite invisible",
            "invisible",
            False,
        ),
        # "out of nowhere" says how suddenly, however far "out of" stands from the word
        ("out of nowhere there's this crone hobbling up the path", "crone", False),
        # what no one came to do was not done
        ("Day after day he waited, but no one ever came to rescue him.", "rescue", True),
        # speech's "no" before a subject, its verb run in, answers rather than denies
        ("but no she's so greedy now she wants a palace", "greedy", False),
        ("was it a wolf no it's a fox", "fox", False),
    ],
)
def test_what_a_negation_denies_and_what_it_leaves_alone(sentence, word, expected):
    assert cue_at(negated, sentence, word) is expected


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        ("Instead of a sword, he carried a wooden spoon.", "sword", True),
        ("Instead of a sword, he carried a wooden spoon.", "spoon", False),
        ("She gave him an apple instead of bread.", "bread", True),
        ("She gave him an apple instead of bread.", "apple", False),
        ("Rather than a horse, she bought a goat.", "horse", True),
        ("Instead of running, she took up the sword.", "sword", False),
        ("Instead, a wolf came out of the trees.", "wolf", False),
        # not across a comma, nor through a verb: the dragon is in the story
        ("Instead of gold, stones filled the chest.", "stones", False),
        ("Instead of slaying the dragon, he befriended it.", "dragon", False),
        ("It was none other than the wolf!", "wolf", False),
    ],
)
def test_instead_of_and_rather_than_deny_what_follows(sentence, word, expected):
    assert cue_at(negated, sentence, word) is expected


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        # an exclamation or an opening does not deny what comes after its comma
        ("Oh no, the tree fell on the house!", "tree", False),
        ("No, the dragon was real.", "dragon", False),
        ("Without warning, the thief ran off.", "thief", False),
        ("Without a horse, the knight had to walk.", "knight", False),
        # within the phrase it still does
        ("Without a horse, the knight had to walk.", "horse", True),
        ("No, not the dragon!", "dragon", True),
        ("He had no sword, no shield and no horse.", "shield", True),
        # nor into what was noticed or known, nor through a second negation
        ("Nobody noticed that the wolf was already watching them.", "wolf", False),
        ("No one knew where the dragon slept.", "dragon", False),
        ("Nobody saw that dragon again.", "dragon", True),
        ("She never went anywhere without her little dog.", "dog", False),
        ("He set off without his sword.", "sword", True),
        # nor into a clause of time or cause after it, even from a negative pronoun
        ("No one agreed until a wizard came through the village.", "wizard", False),
        ("Nobody slept because a dragon was circling the town.", "dragon", False),
        ("Nobody had ever seen a dragon in those hills.", "dragon", True),
        ("There was no dragon until the wizard came.", "dragon", True),
        # "never" before a comparative says more than ever, not none
        ("The miller had never been happier in his life.", "happier", False),
        ("She had never felt braver.", "braver", False),
        ("He had never seen a stranger in the village.", "stranger", True),
    ],
)
def test_a_negation_does_not_reach_across_a_comma(sentence, word, expected):
    assert cue_at(negated, sentence, word) is expected


@pytest.mark.parametrize(
    ("sentence", "word", "character", "expected"),
    [
        ("A storm of arrows fell on the walls.", "storm", False, True),
        ("Her son, a boy of seven, ran into the yard.", "boy", True, False),
        ("A prince of Persia rode in.", "prince", True, False),
        ("A lad of about ten came down the lane.", "lad", True, False),
        ("Below him lay a hamlet of six houses.", "hamlet", False, False),
        ("They came to a hamlet of over a hundred houses.", "hamlet", False, False),
        ("It was a trip of 40 days.", "trip", False, False),
        ("A forest of spears rose against them.", "forest", False, True),
        # a count of other things is still the measure
        ("A forest of ten thousand spears rose against them.", "forest", False, True),
        ("In the field stood a ring of seven stones.", "ring", False, True),
        # a thing made of a material is literal
        ("They crossed a bridge of ropes and planks.", "bridge", False, False),
        ("The witch kept him in a cage of bones.", "cage", False, False),
        ("The princess slept in a cradle of carved walnut.", "cradle", False, False),
        ("He had planted a maze of yew hedges.", "maze", False, False),
        # but trees of a wood are no material ("a tunnel of beech trees")
        ("The road ran through a tunnel of arching beech trees.", "tunnel", False, True),
    ],
)
def test_a_measure_of_something_else_is_figurative_but_not_a_character_or_a_count(
    sentence, word, character, expected
):
    tokens = tokenize(sentence)
    index = [t.text for t in tokens].index(word)
    assert figurative(tokens, index, character=character) is expected


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        ("He was a giant of a man, with hands like shovels.", "giant", True),
        ("She was a thin little sparrow of a girl, hopping from table to table.", "sparrow", True),
        ("Margit, a mouse of a girl, hardly spoke at her own wedding.", "mouse", True),
        # until the sixty-sixth session "of a man" made any word before it a figure
        ("She was the daughter of a man who sold fish.", "daughter", False),
        ("At midnight the spirit of a woman who had died there walked in.", "spirit", False),
    ],
)
def test_a_noun_likened_to_a_person_is_figurative(sentence, word, expected):
    """ "A giant of a man" says the man is giant-like, after "a" or "an" only."""
    assert cue_at(figurative, sentence, word) is expected


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        ("and it's just this ocean of sand in every direction", "ocean", True),
        ("And there's this storm of applause, everyone's on their feet.", "storm", True),
        ("She set this cup of tea down by the fire.", "cup", False),
    ],
)
def test_a_spoken_this_opens_a_measure_as_a_does(sentence, word, expected):
    """People telling a tale say "this ocean of sand" for "an ocean of sand"; a holder still
    holds ("this cup of tea")."""
    holder = word == "cup"
    tokens = tokenize(sentence)
    index = [t.text for t in tokens].index(word)
    assert figurative(tokens, index, holder=holder) is expected


@pytest.mark.parametrize(
    ("sentence", "word"),
    [
        ("She carried a basket of apples to her grandmother.", "basket"),
        ("The pirates buried a chest of coins on the island.", "chest"),
        ("Grandmother set a pot of soup on the fire.", "pot"),
        ("The baker made a cake of honey and almonds.", "cake"),
    ],
)
def test_a_holder_of_something_is_literal(sentence, word):
    """A container, food or drink names what it holds or is made of after "of"; until the
    thirty-second session "a basket of apples" was read as a figure, like "a storm of
    arrows", and the judge rejected the basket."""
    tokens = tokenize(sentence)
    index = [t.text for t in tokens].index(word)
    assert figurative(tokens, index) is True
    assert figurative(tokens, index, holder=True) is False


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        # "as" opening a sentence or clause tells when or why; it is no simile
        ("As the dragon flew over the town, everyone hid.", "dragon", False),
        ("The bells rang, and as the king rode in, the crowd cheered.", "king", False),
        ("She was as white as a ghost.", "ghost", True),
        ("She looked white as a ghost.", "ghost", True),
        ("He came disguised as a beggar.", "beggar", True),
        # "like" or "as" before a clause's subject and its verb is no simile either
        ("Just like the king had ordered, the gates were shut.", "king", False),
        ("The princess watched from her balcony as the knights rode off.", "knights", False),
        ("She stood very still as the wolf went by.", "wolf", False),
        ("He fought like a lion.", "lion", True),
        ("Like a shadow, the wolf slipped between the trees.", "shadow", True),
        # "as soon as" joins clauses; it compares nothing
        ("As soon as the door opened, the cat ran out.", "door", False),
        ("They walked as far as the river.", "river", False),
        ("He ate as much as a horse.", "horse", True),
        # "like" as a verb, "as" after a verb of a role
        ('"I would like the sword," said the knight.', "sword", False),
        ("They all like the cat, even the cook.", "cat", False),
        ("He didn't look like a wolf.", "wolf", True),
        ("He worked as a soldier for ten years.", "soldier", False),
        ("She was hired as a cook in the palace kitchens.", "cook", False),
        ("He was crowned as king of the whole island.", "king", False),
        ("He disguised himself as a shepherd.", "shepherd", True),
        # spoken "is like the" before a superlative says what she is: a filler, no likeness
        ("So the miller's daughter is like the brawniest girl in the valley.", "brawniest", False),
        ("And he's like the best archer in the whole kingdom.", "best", False),
        ("She fought like the bravest of lions.", "bravest", True),
    ],
)
def test_as_and_like_are_figures_only_where_they_liken(sentence, word, expected):
    assert cue_at(figurative, sentence, word) is expected


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        ("And his words were poison, slowly turning the king against his son.", "poison", True),
        ("But his granddaughter's smile was the key to his heart.", "key", True),
        ("The courtier's words were pure honey.", "honey", True),
        ("His words were all honey, but his eyes were cold.", "honey", True),
        ("Her heart was a frozen lake.", "lake", True),
        # what a thing is, or what a feeling becomes in a tale, is no metaphor
        ("The gate was iron and the lock was rusty.", "iron", False),
        ("Her tears became pearls as they fell.", "pearls", False),
        ("His words were heard in the castle.", "castle", False),
        # what was done to them is no metaphor either
        ("Two of her tears land in his eyes and boom his eyes are healed.", "healed", False),
    ],
)
def test_what_words_or_feelings_are_is_a_metaphor(sentence, word, expected):
    assert cue_at(figurative, sentence, word) is expected


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        ("The old cook was a real bear before breakfast.", "bear", True),
        ("Her uncle is a total snake, so do not trust him.", "snake", True),
        ("My little sister was a right monkey at the fair.", "monkey", True),
        ("The miller is basically a walrus when he eats.", "walrus", True),
        ("Don't be such a mouse, the ghost can't hurt you.", "mouse", True),
        # a real one, a quality said of someone, or what someone genuinely is
        ("It was a real dragon, not a painted one!", "dragon", False),
        ("He was such a brave knight that the king wept.", "brave", False),
        ("This will be a real adventure for the twins.", "adventure", False),
    ],
)
def test_what_someone_is_called_is_a_metaphor(sentence, word, expected):
    assert cue_at(figurative, sentence, word) is expected


def test_a_fixed_pair_is_one_phrase_not_two_list_items():
    sentence = "In the hill lived a clan of trolls, mining gold day and night."
    assert cue_at(in_list, sentence, "trolls") is False
    # a real list still is one
    assert cue_at(in_list, "By day and night they sold apples, pears, plums and figs.", "pears")


@pytest.mark.parametrize(
    ("sentence", "word"),
    [
        (
            "They set off on a long journey, weeks and weeks on foot, to find their father.",
            "journey",
        ),
        ("The cart rolled down the hill, faster and faster, into the duck pond.", "hill"),
        ("The two horses raced past the mill, neck and neck, toward the bridge.", "mill"),
    ],
)
def test_a_word_repeated_with_and_is_one_phrase_not_two_list_items(sentence, word):
    assert cue_at(in_list, sentence, word) is False


def test_what_examples_after_like_elaborate_is_no_item():
    sentence = "and the pass is super treacherous, like rockslides every hour, ice, sheer drops"
    assert cue_at(in_list, sentence, "treacherous") is False
    # the examples themselves are a list
    sentence = "and it's full of junk, like dusty trunks, broken chairs, cobwebs, mouldy books"
    assert cue_at(in_list, sentence, "cobwebs")


def test_a_word_said_again_with_one_is_one_item():
    sentence = "um he finds this bush just covered in berries, red ones, no wait purple, whatever"
    assert cue_at(in_list, sentence, "berries") is False
    # a list with such an aside in it still is one
    assert cue_at(in_list, "He sold a horse, a grey one, a cow and a goat.", "horse")
    assert cue_at(in_list, "The market had apples, big ones, pears, plums and figs.", "apples")


def test_two_numbers_joined_by_or_are_one_count_not_two_list_items():
    sentence = (
        "and he's swimming like crazy for the bank and there's crocodiles, like three or four"
        " crocodiles sliding off the mud toward him"
    )
    assert cue_at(in_list, sentence, "crocodiles") is False
    # a real list with a count in it still is one
    assert cue_at(in_list, "He bought two or three hens, a goat, a cow and a pig.", "goat")


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        ("and the dog's called Lucky which is kind of a joke", "lucky", True),
        ("The miller's pony was called Pebble, and it bit everyone.", "pebble", True),
        ("A grey mare named Patience pulled the cart.", "patience", True),
        # written small, or not right after the naming verb, it is said of someone
        ("They called him lucky after that.", "lucky", False),
        ("Lucky for them, the bridge held.", "lucky", False),
        ("They named the baby after the kind old Patience of the village.", "patience", False),
    ],
)
def test_a_capitalised_word_after_called_or_named_is_a_name(sentence, word, expected):
    assert cue_at(partial(given_name, sentence), sentence, word) is expected


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        ("He was going to kill the wolf at dawn.", "wolf", True),
        ("If a witch came, they would run.", "witch", True),
        # after a condition, the main clause is hypothetical only when it says what would be
        ("If a dragon came, the knights would flee.", "knights", True),
        ("If the king agrees, the wedding will be tomorrow.", "wedding", True),
        ("If the king agrees, they'll marry.", "king", True),
        ("If you ask me, the wolf was the real hero.", "wolf", False),
        ("If you must know, the queen was furious.", "queen", False),
        ("Unless you count the cat, nobody saw the thief.", "thief", False),
        ("As luck would have it, they came upon a well.", "well", False),
        ("As if that were not enough, a giant lived beneath its roots.", "giant", False),
        # a dialogue tag is a clause of its own
        ('"Don\'t be afraid," said the dragon.', "dragon", False),
        ('"You have three wishes," said the fairy.', "fairy", False),
        ('"I wish I had a horse," said the boy.', "horse", True),
        # on the way somewhere, not a plan
        ("The king was going through the forest when night fell.", "forest", False),
        ("The children were going home when a wolf stepped onto the path.", "wolf", False),
        ("She was going to the well for water.", "well", False),
        # what a wish is made on is there; what is wished for is not
        ("She wished upon a star.", "star", False),
        ("She wished for a horse of her own.", "horse", True),
        ("She wished upon a star for a golden horse.", "horse", True),
        # what is wanted is hoped for, unless the story has it already
        ("The princess wanted the crown for herself.", "crown", False),
        ("Neither son wanted the old cat that sat by the fire.", "cat", False),
        ("She wanted the prince to marry her.", "prince", False),
        ("The princess wanted a crown of her own.", "crown", True),
        ("She wanted her own horse.", "horse", True),
        ("He wanted to see the sea.", "sea", True),
        ("He wanted the king's youngest daughter.", "daughter", False),
        ("The miller wanted a wife.", "wife", True),
        ("He was going off to slay the dragon.", "dragon", True),
        ("He was going to the forest to kill the wolf.", "wolf", True),
        # the planned act may be the card's own word
        ("They were going to steal the crown at the fair.", "steal", True),
        ("He was going to marry the miller's daughter.", "marry", True),
        # but someone going to bed or to grandmother's goes somewhere
        ("She was going to bed when the wolf knocked.", "bed", False),
        ("Red Riding Hood was going to grandmother's cottage.", "grandmother's", False),
        # after "would", "could" or "should", a thing named with "the" is one the story has
        ("From the hill they could see the sea.", "sea", False),
        ("The wolf knew he would eat the grandmother before nightfall.", "grandmother", False),
        ("Each morning she would feed the old goat.", "goat", False),
        ("He swore he would never become a beggar.", "beggar", True),
        ("She would give the boy a horse.", "horse", True),
        ("With enough gold, he could buy a horse and cart.", "horse", True),
        ("They would sail to the island next spring, if the weather allowed.", "island", True),
        ("She hoped the prince would find the ring.", "ring", True),
        ("If the witch came, the wolf would eat the girl.", "girl", True),
        # right after a fear, hope or doubt, a thing named with "the" is one the story has
        ("They hoped the dragon would not wake.", "dragon", False),
        ("She was afraid of the wolf.", "wolf", False),
        ("Everyone feared the witch who lived on the hill.", "witch", False),
        ("She asked whether the wizard was at home.", "wizard", False),
        ("She wondered where the wizard had gone.", "wizard", False),
        ("Maybe the ship had sunk in the storm.", "ship", False),
        ("She was afraid a wolf might be hiding in the woods.", "wolf", True),
        ("She wondered whether a wizard could help.", "wizard", True),
        # wondering why or how takes the thing as there
        ("Why, he wondered, was there a hedgehog in his boot every morning?", "hedgehog", False),
        ("She wondered why a raven sat on the gate each night.", "raven", False),
        ("The couple hoped for the birth of a son.", "birth", True),
        # a subject and a stating verb after a comma start a clause of their own
        ("She could not stop crying, she was so sad.", "sad", False),
        ("If a witch came, she was ready with the sword.", "sword", False),
        ("If a witch came, they would run to the tower.", "tower", True),
        # a storyteller's "who should they meet but ..." tells what came
        ("And who should they meet there but a bear?", "bear", False),
        ("Should a dragon ever come, he was to ring the great bell.", "dragon", True),
        ("Who should guard the gate if the giant came?", "giant", True),
    ],
)
def test_going_and_wishing_are_plans_only_where_they_look_ahead(sentence, word, expected):
    assert cue_at(hypothetical, sentence, word) is expected


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        ("He loved his creaking mill as though it were his own daughter.", "daughter", True),
        ("She ran as if a wolf were behind her.", "wolf", True),
        ("She ran as though a wolf were behind her.", "wolf", True),
        # "though" alone concedes what is so
        ("Though the wolf was near, she sang on.", "wolf", False),
    ],
)
def test_as_though_is_as_if(sentence, word, expected):
    assert cue_at(hypothetical, sentence, word) is expected


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        # a thing brought in as the subject of "might" or "may" only may be
        ("A storm might come before evening, he thought.", "storm", True),
        ("A great storm may yet come.", "storm", True),
        ("The storm might pass by morning.", "storm", False),
        ("A storm rose, and it might rain all night.", "storm", False),
        ("All night the monk worried that a demon might creep in.", "demon", True),
        # or only would have been, where a thing brought in is the subject of "would have"
        ("A little medicine would have saved the boy, but there was none.", "medicine", True),
        ("A wolf would come to the door every night.", "wolf", False),
        # a condition told by inversion, with what would follow
        ("Had there been a boat, he could have crossed that very day.", "boat", True),
        ('"Were I to give you a ring," he said, "would you keep it secret?"', "ring", True),
        ("Were the dragon to wake, the whole town would burn.", "dragon", True),
        ("had the wolf been hungry it would have eaten them", "wolf", True),
        # not what the inversion says was there, a question, or a verb sharing its subject
        ("Had it not been for the witch, they would have starved.", "witch", False),
        ("Had he seen the dragon?", "dragon", False),
        ("She came home, had a bath and fed the cat.", "bath", False),
        ("They were the best of friends, were the miller and the baker.", "baker", False),
    ],
)
def test_what_only_may_be_or_is_a_condition_told_by_inversion_is_hypothetical(
    sentence, word, expected
):
    assert cue_at(hypothetical, sentence, word) is expected


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        ("The knight refused to fight the unarmed peasant.", "fight", True),
        ("The wizard refused to brew a potion for the queen.", "potion", True),
        ("The knight refused to go in disguise.", "disguise", True),
        # what is refused, and what the story has, are there
        ("She refused the ring the prince offered her.", "ring", False),
        ("The boy refused to marry the witch.", "witch", False),
        ("The king refused to eat.", "king", False),
    ],
)
def test_a_refusal_keeps_out_what_is_refused_to_be_done(sentence, word, expected):
    assert cue_at(hypothetical, sentence, word) is expected


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        ('"Speak of the devil," said the miller as the knight rode in.', "devil", True),
        ("Nobody mentioned the elephant in the room: the missing crown.", "elephant", True),
        ('"Poor thing," said the old woman, and gave her bread.', "thing", True),
        ("She was the apple of her father's eye.", "apple", True),
        ("The old king was at death's door all winter.", "door", True),
        ("He had let the cat out of the bag before supper.", "cat", True),
        # the same words, used for the things themselves
        ("The devil sat on the bridge and asked for a toll.", "devil", False),
        ("An elephant stood in the courtyard.", "elephant", False),
        ("The poor miller had nothing left but a cat.", "cat", False),
        ("She knocked on the door of the castle.", "door", False),
        # idioms added in the sixty-sixth session
        ("So he sent him off on a fool's errand to fetch a golden apple.", "fool's", True),
        ("The hot barley soup was just what the doctor ordered.", "doctor", True),
        ("The ladies whispered that she was of low birth.", "birth", True),
        ("The fool sat by the fire and laughed.", "fool", False),
        # idioms added in the seventieth session
        ("She was scared half to death, but she took up the poker.", "death", True),
        ("He had a fat nest egg of silver coins sewn into his mattress.", "nest", True),
        ("The princess was sick of suitors.", "sick", True),
        ("The older one plays this super dirty trick on his brother.", "dirty", True),
        ("The swallows built a nest under the eaves.", "nest", False),
        # idioms added in the seventy-third session: a word inside, any form of the verb
        ("The poor little thing was soaked to the bone.", "poor", True),
        ("And that kind of breaks the ice and they start chatting.", "ice", True),
        ("She froze in fear when the wolf stepped out.", "froze", True),
        ("The poor old woodcutter had nothing to eat.", "poor", False),
        ("The pond had frozen solid by morning.", "frozen", False),
        ("Honestly this guy is a total glutton for punishment.", "punishment", True),
        ("The next morning she had caught a cold and stayed in bed.", "cold", True),
        ("In the sunset of his life the old king grew gentle.", "sunset", True),
        ("The little dancing dog stole the show.", "stole", True),
        ("The sunset over the harbour was red as wine.", "sunset", False),
        # idioms of the seventy-fourth session, read whatever stands before them
        ("By morning a thick blanket of snow had buried the road.", "blanket", True),
        ("She scrubbed the shirt with a big cake of soap.", "cake", True),
        ("She spread a thick blanket over the sleeping child.", "blanket", False),
        ("She baked a big cake of honey and almonds.", "cake", False),
        # speech's "like" after "there's", or "got" and an article, likens nothing
        ("and there's like a dragon on the hill", "dragon", False),
        ("and he's got like a sword from his grandpa", "sword", False),
        ("and she's got like ruby lips and snow white skin", "ruby", True),
        # verb idioms, in any form of the verb
        ("The old miser finally kicked the bucket.", "bucket", True),
        ("The governess pursed her lips and said nothing.", "pursed", True),
        ("When he saw the mirror, he hit the roof.", "roof", True),
        ("The nurse kept an eye on the children.", "eye", True),
        ("The knight took the bull by the horns and spoke first.", "bull", True),
        # the same words, said of the things
        ("The cow kicked the bucket of milk over.", "bucket", False),
        ("The stone hit the roof of the hut.", "roof", False),
        ("The farmer led the bull into the barn.", "bull", False),
        # more set phrases (the sixty-first session)
        ("The old baker was the salt of the earth.", "salt", True),
        ("His cousin was the power behind the throne.", "throne", True),
        ("In the end the judge let the thief off the hook.", "hook", True),
        ("The ferryman had a heart of gold.", "gold", True),
        ("The mill stood a stone's throw from the river.", "stone's", True),
        ('"I could eat a horse," said the youngest.', "horse", True),
        # and their words said of the things
        ("She hung her cloak on the hook by the door.", "hook", False),
        ("The king sat down on the throne.", "throne", False),
        ("He threw a stone into the well.", "stone", False),
        # a phrase with a hyphen, matched as the tokenizer splits it
        ("Fame, the old bard warned, is a double-edged sword.", "sword", True),
        ("The knight drew his double-edged blade and his sword.", "sword", False),
        # phrases written word by word through the vocabulary (the sixty-seventh session)
        ("The eldest swanned around the room in her borrowed jewels.", "swanned", True),
        ("The tailor knew he could count on the giant's stupidity.", "count", True),
        ("After the trial he was a broken man.", "broken", True),
        ("It was too small to see with the naked eye.", "naked", True),
        ("The king turned a deaf ear to her pleas.", "deaf", True),
        ("The carter cursed under his breath.", "cursed", True),
        # and their words said of the things
        ("A swan glided around the room's great fountain.", "swan", False),
        ("The count rode out with his hounds.", "count", False),
        ("The deaf old ferryman never heard the bell.", "deaf", False),
        # variants of phrases already there (the sixty-ninth session)
        ("The fox caught the farmer completely off guard.", "guard", True),
        ("The old smith spent a month showing her the ropes.", "ropes", True),
        ("The ball went on, for the night was still young.", "young", True),
        ("The guard stood at the gate all night.", "guard", False),
        ("They tied the ropes to the mast.", "ropes", False),
    ],
)
def test_a_word_inside_a_set_phrase_is_figurative(sentence, word, expected):
    assert cue_at(figurative, sentence, word) is expected


def test_an_idiom_that_is_an_events_own_form_names_the_event():
    """ "kicked the bucket" is a figure for *Bucket* but WordNet's form of *Death*: an aspect's
    or event's match that is a whole idiom is what names it."""
    tokens = tokenize("The old miser kicked the bucket at last.")
    kicked = [t.text for t in tokens].index("kicked")
    assert figurative(tokens, kicked, 3, idiom_names=True) is False
    assert figurative(tokens, kicked, 3) is True
    assert figurative(tokens, kicked + 2, 1, idiom_names=True) is True


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        ("The queen longed for a child of her own.", "child", True),
        ("The shepherd yearned for a wife.", "wife", True),
        ("The sailor longed for the sea he had left.", "sea", False),
        # what is prayed for is wished, not to whom or where one prays
        ("Every night the old couple prayed for a child of their own.", "child", True),
        ("The shepherds prayed for rain, but the sky stayed hard and blue.", "rain", True),
        ("The old queen prayed to the goddess of the spring.", "goddess", False),
        ("They prayed for the king, who lay sick in the tower.", "king", False),
        ("While the monks were praying for her, a thief stole the chalice.", "thief", False),
        ("The princess asked to marry the gardener.", "marry", True),
        ("The boy offered to fetch a lantern.", "lantern", True),
        # who is asked, what is given and what the story has are there
        ("The girl asked the king for bread.", "king", False),
        ("The fox offered him a ring.", "ring", False),
        ("The boy asked to see the dragon.", "dragon", False),
        # what someone would rather do is a preference; whom they name is there
        ("She said she'd rather marry the miller.", "marry", True),
        ("She said she'd rather marry the miller.", "miller", False),
        ("He'd married the miller's daughter.", "married", False),
        # what is agreed, decided or vowed to be done has not happened yet
        ("They agreed to fight a duel at dawn the next day.", "duel", True),
        ("The knight vowed to slay a dragon before winter.", "dragon", True),
        ("The knight vowed to find the stolen chalice.", "chalice", False),
        ("They agreed the price and shook hands.", "price", False),
        # told in the present, as at a game table
        ("So they agree to fight a duel at dawn.", "duel", True),
        ("And the knight swears to slay a dragon before winter.", "dragon", True),
        ("I swear the dragon was real.", "dragon", False),
        # what being too old, too poor or too weak stops
        ("The king was much too old to fight.", "fight", True),
        ("He was too poor to buy her a ring.", "ring", True),
        ("He was too weak to lift the sword.", "sword", False),
        # what a thing asked for is to do; "to" before "a" is a preposition
        ("He begged the witch for a potion to make a girl fall in love.", "fall", True),
        ("She offered a coin to a beggar.", "beggar", False),
        # what is searched for, named with "a", is not in the story yet
        ("They hunted the marshes all winter for a dragon's lair.", "dragon's", True),
        ("The shepherd looked everywhere for a well, but the land was dry.", "well", True),
        ("Years ago the old king sought a bride in the east.", "bride", True),
        ("She looked for the key under every stone.", "key", False),
        ("The boy went looking for a lost lamb.", "lamb", False),
        ("They searched the hills for a week.", "week", False),
        ("He looked at the witch for a long moment.", "witch", False),
        ("She looked a little paler every day.", "paler", False),
        ("The soldiers searched the town for a thief who had robbed the mint.", "thief", False),
        ("She searched the woods for a fawn and found one asleep in the ferns.", "fawn", False),
        ("He searched the coast for a ship but never found one.", "ship", True),
        # what is waited or watched for is as what is searched for
        ("They rode on, waiting for an ambush the whole way.", "ambush", True),
        ("The sailors watched for a lighthouse all night.", "lighthouse", True),
        ("She waited for the king at the gate.", "king", False),
        # what "nobody" wants, "except" someone, that someone does
        ("nobody wants to go out there except this kid who's the only brave one", "brave", False),
        ("No one wanted to marry him except the miller's daughter.", "daughter", False),
        ("He wanted everything except a crown.", "crown", True),
    ],
)
def test_what_is_longed_for_or_asked_to_be_done_has_not_happened(sentence, word, expected):
    assert cue_at(hypothetical, sentence, word) is expected


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        ("In the end the battle never came.", "battle", True),
        ("The wedding was called off at the last minute.", "wedding", True),
        ("The feast was cancelled because of the storm.", "feast", True),
        ("The duel never took place.", "duel", True),
        # after a clause saying which event it is, too
        ("But the tournament the king had promised was never held.", "tournament", True),
        ("The wedding that everyone had waited for never happened.", "wedding", True),
        ("The battle was never fought.", "battle", True),
        ("The wedding feast went on, and the bride never came back.", "wedding", False),
        # prevented, put off or forbidden before it came
        ("The guard prevented the theft of the crown jewels.", "theft", True),
        ("The king postponed the wedding until spring.", "wedding", True),
        ("The queen put off the feast for a week.", "feast", True),
        ("They called off the wedding.", "wedding", True),
        ("The two fathers forbade the marriage.", "marriage", True),
        ("They avoided a fight by taking the long road.", "fight", True),
        # its verb done to nothing
        ("And she swore nothing at all.", "swore", True),
        ("The queen's calm face betrayed nothing of her fear.", "betrayed", True),
        # it happened, or happened after all
        ("It was a promise nothing could break.", "promise", False),
        ("He promised nothing but trouble.", "promised", False),
        ("The battle came at dawn.", "battle", False),
        ("The wedding was called a triumph by everyone.", "wedding", False),
        ("They avoided the storm by sailing south.", "storm", False),
        ("He prevented nothing, and the theft went ahead.", "theft", False),
    ],
)
def test_an_event_that_never_came_did_not_happen(sentence, word, expected):
    assert cue_at(partial(negated, event=True), sentence, word) is expected


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        # what is said to come, in any of its forms, has not happened
        ("They will marry at midsummer.", "marry", True),
        ("They'll get married at midsummer.", "married", True),
        ("We shall sail at dawn.", "sail", True),
        ("He's gonna fight a dragon.", "dragon", True),
        ("we're gonna throw him the biggest birthday party ever", "birthday", True),
        ("They were to marry at midsummer.", "marry", True),
        ("He was to forge a sword for the king.", "sword", True),
        ("There was to be a great feast at the palace.", "feast", True),
        ('"I\'ll give you a sword," said the smith.', "sword", True),
        # a thing named as the story's is there; "I'll bet" makes the bet
        ("He will fight the dragon at dawn.", "dragon", False),
        ("You will find my treasure under the stone.", "treasure", False),
        ("We'll shelter in this cave until the snow stops.", "cave", False),
        ("I'll bet you a bag of silver.", "bet", False),
        # what a dialogue tag or what follows the verb and its object tells
        ("'I will fetch it for you,' said a frog.", "frog", False),
        ("The young man who was to marry her paced up and down the vestry.", "vestry", False),
        # the noun "will", a duty, a feeling
        ("She married him against her will, and a witch cursed them.", "witch", False),
        ("The fen was full of will-o'-the-wisps and croaking toads.", "toads", False),
        ("One day Will fell asleep in the field.", "asleep", False),
        ("Beside the block waited the man whose job was to swing the axe.", "axe", False),
        ("How happy the old baker was to hold him again!", "hold", False),
    ],
)
def test_what_is_only_to_come_has_not_happened(sentence, word, expected):
    assert cue_at(hypothetical, sentence, word) is expected


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        # a wish, hope or pretence told as it goes on, and what almost happened
        ("They're hoping to find some treasure in the cave.", "treasure", True),
        ("She keeps wishing for a horse.", "horse", True),
        ("He's dreaming of a dragon that can talk.", "dragon", True),
        ("She's pretending to be a ghost.", "ghost", True),
        ("The duke was expecting a visitor.", "visitor", True),
        ("They nearly had a fight over the last apple.", "fight", True),
        ("He almost died of the fever.", "died", True),
        ("One night old Giorgi nearly fell asleep on watch.", "asleep", True),
        # a noun made of the form, what follows a comma, the one awaited, a measure
        ("The girl threw a coin into the wishing well.", "well", False),
        ("The girl threw a coin into the wishing well and closed her eyes.", "eyes", False),
        ("Fearing for his throne, the sultan locked up his brother.", "brother", False),
        ("She had been expecting him for weeks, ever since his last letter.", "letter", False),
        ("The blacksmith weighed nearly twenty stone.", "stone", False),
        ("Their water barrels were nearly empty.", "empty", False),
        ("So the baker nearly dropped his tray when a fairy climbed out.", "fairy", False),
        ("The children had almost reached the edge of the forest.", "forest", False),
    ],
)
def test_what_is_hoped_or_pretended_or_almost_happened_has_not_happened(sentence, word, expected):
    assert cue_at(hypothetical, sentence, word) is expected


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        ("She thinks about going to the tavern for a drink.", "tavern", True),
        ("He considered selling the mill to a stranger.", "mill", True),
        ("The duke's brother thought of hiring an assassin.", "assassin", True),
        # what is thought about is there; a thing in "-ing" is no deed
        ("He thought about the dragon all night.", "dragon", False),
        ("She thought of nothing but the ring.", "ring", False),
        ("The king considered the map for a long time.", "map", False),
    ],
)
def test_a_deed_only_considered_has_not_happened(sentence, word, expected):
    assert cue_at(hypothetical, sentence, word) is expected


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        ("The miller hung garlic over the door in case a vampire came calling.", "vampire", True),
        ("They built the walls high, in case giants came down from the hills.", "giants", True),
        # the main clause after an opening "in case", and what the story already has
        ("In case she met a wolf, she carried her grandfather's axe.", "axe", False),
        ("The cook stood by in case anyone choked on the roast swan.", "swan", False),
    ],
)
def test_what_is_guarded_against_in_case_has_not_happened(sentence, word, expected):
    assert cue_at(hypothetical, sentence, word) is expected


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        ("Her coronation was to be held on the first day of spring.", "coronation", True),
        ("The wedding will take place at midsummer.", "wedding", True),
        ("The wedding of the prince and the goose girl was to be held in May.", "wedding", True),
        ("The duel was set for dawn.", "duel", True),
        ("Their wedding is going to be at midsummer.", "wedding", True),
        # what happened, or went on as the story tells it
        ("The wedding was held at midsummer.", "wedding", False),
        ("The feast would go on for three days and three nights.", "feast", False),
        ("I promise I'll come back for you.", "promise", False),
        ("The wedding of the prince, which was to be grand, was held at noon.", "wedding", False),
    ],
)
def test_an_event_that_is_only_to_come_has_not_happened(sentence, word, expected):
    assert cue_at(partial(hypothetical, event=True), sentence, word) is expected


def test_a_character_that_never_came_is_still_named():
    assert cue_at(negated, "But the prince never came.", "prince") is False


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        ("He pulls off his gauntlet and hands it to her.", "hands", True),
        ("The robbers tied him up and left him in the cellar.", "left", True),
        ("Every full moon she set them on the sill.", "set", True),
        # a noun opened by a determiner or a preposition, before a clause with "it"
        ("She stared at the door it hid.", "door", False),
        ("At dinner it was all anyone spoke of.", "dinner", False),
        ("He lapped up every bowl of milk it was given.", "milk", False),
    ],
)
def test_a_word_right_before_its_object_pronoun_is_a_verb(sentence, word, expected):
    assert cue_at(before_object, sentence, word) is expected
