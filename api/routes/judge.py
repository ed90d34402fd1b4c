"""The judge on its own: settle a dispute about a sentence, an ending or a clue, without a table."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import ClueJudgeDep, JudgeDep, StoryJudgeDep
from api.errors import responses
from api.schemas import (
    ClueAnswer,
    ClueQuery,
    CoherenceQuery,
    CoherenceVerdict,
    EndingQuery,
    EndingVerdict,
    MentionQuery,
    MentionVerdict,
    MentionVerdicts,
    RankedCard,
)
from referee.judge.base import CardRef

router = APIRouter(prefix="/v1/judge", tags=["judge"])


@router.post("/mention", response_model=MentionVerdicts, responses=responses(422, 503))
def mention(query: MentionQuery, judge: JudgeDep) -> MentionVerdicts:
    """Does the sentence, told after the context, name each card? One verdict per card, in order."""
    cards = [
        CardRef(name=card.name, category=card.category, id=card.id, aliases=tuple(card.aliases))
        for card in query.cards
    ]
    verdicts = judge.mentions(query.sentence, query.context, cards)
    return MentionVerdicts(
        judge=judge.id,
        version=judge.version,
        verdicts=[
            MentionVerdict(**verdict.model_dump(exclude={"judge", "version"}))
            for verdict in verdicts
        ],
    )


@router.post("/coherence", response_model=CoherenceVerdict, responses=responses(422, 503))
def coherence(query: CoherenceQuery, judge: StoryJudgeDep) -> CoherenceVerdict:
    """Is the sentence, told after the context, coherent with the story? (accept: coherent)."""
    judgement = judge.coherence(query.context, query.sentence)
    return CoherenceVerdict(**judgement.model_dump())


@router.post("/ending", response_model=EndingVerdict, responses=responses(422, 503))
def ending(query: EndingQuery, judge: StoryJudgeDep) -> EndingVerdict:
    """Does the ending card's text close the story after the lead-in? (accept: it fits)."""
    judgement = judge.ending(query.context, query.lead_in, query.ending)
    return EndingVerdict(**judgement.model_dump())


@router.post("/clue", response_model=ClueAnswer, responses=responses(422, 503))
def clue(query: ClueQuery, judge: ClueJudgeDep) -> ClueAnswer:
    """Which laid-out card is the Dixit clue about? The cards ranked, best fit first.

    With ``target`` (the storyteller's card) the answer carries a tip when the clue
    is so literal that everyone would find the card, or so loose that nobody would.
    """
    ranking = judge.rank(query.clue, query.cards, query.target)
    return ClueAnswer(
        judge=ranking.judge,
        version=ranking.version,
        clue=ranking.clue,
        ranking=[
            RankedCard(index=i, card=query.cards[i], score=ranking.scores[i])
            for i in ranking.ranking
        ],
        tip=ranking.tip,
    )
