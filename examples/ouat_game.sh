#!/usr/bin/env bash
# Once Upon a Time against a running referee, with curl and jq only: Ana's hand and ending.
#
#   make run &                 # or: .venv/bin/referee serve --port 8000
#   bash examples/ouat_game.sh [BASE_URL]
#
# Three seats join; Ana tells the story. For each card in her hand she posts a
# transcript line naming it (a `tell` with a timestamp), then claims it (`play`).
# The judge rules on each claim: accepted, refused (409, she words it again),
# or left to Ben and Cy, who vote. The story judge (REFEREE_JUDGE=model) may
# flag a line as incoherent, which opens Ben and Cy's vote: here they let the
# story stand. With her hand empty she plays her ending: the judge accepts it
# (Ana wins), leaves it to Ben and Cy (who accept it), or rejects it (Ana draws,
# and the script stops with the game unfinished). Without a story judge, Ben and Cy vote on the ending.
set -euo pipefail
BASE=${1:-http://127.0.0.1:8000}
AT=1750000000   # the transcript's clock, in Unix seconds: one line a second

post() { curl -sS -X POST "$BASE$1" -H 'Content-Type: application/json' "${@:2}"; }
as() { local token=$1; shift; post "$@" -H "Authorization: Bearer $token"; }

table=$(post /v1/tables -d '{"game": "ouat", "seed": 7,
  "config": {"players": ["Ana", "Ben", "Cy"],
             "first_storyteller": {"method": "named", "player": "Ana"}}}' | jq -r .table_id)
echo "table $table"
declare -A token
for seat in Ana Ben Cy; do
  token[$seat]=$(post "/v1/tables/$table/seats/$seat" | jq -r .token)
done

view() { curl -sS "$BASE/v1/tables/$table" -H "Authorization: Bearer ${token[Ana]}"; }
act() {  # act SEAT JSON-without-player -> prints the answer, returns 1 on a refusal
  local seat=$1 body answer code
  body=$(jq -c --arg p "$seat" '. + {player: $p}' <<<"$2")
  answer=$(as "${token[$seat]}" "/v1/tables/$table/actions" -d "$body" -w '\n%{http_code}')
  code=${answer##*$'\n'}
  answer=${answer%$'\n'*}
  echo "$answer"
  [[ $code == 200 ]]
}
vote() {  # vote true|false: every voter of the open vote answers so
  for seat in $(view | jq -r '.view.vote.voters // [] | .[]'); do
    act "$seat" "{\"type\": \"vote\", \"agree\": $1}" >/dev/null
  done
}
event() {  # event KIND ANSWER -> the message of the answer's event of that kind, if any
  jq -r --arg k "$1" '.events[] | select(.kind == $k) | .message' <<<"$2"
}
line() {  # the transcript line naming a card, in the card's own grammar
  case $2 in
    character) echo "Then, on the road, she met a $1." ;;
    thing)     echo "In the grass at her feet lay a $1." ;;
    place)     echo "At last the road led her to a $1." ;;
    aspect)    echo "From that day on the girl was $1." ;;
    event)     echo "And so it happened: $1." ;;
  esac
}

while [[ $(view | jq '.view.hand | length') -gt 0 ]]; do
  IFS=$'\t' read -r card name category < <(view | jq -r '.view.hand[0] | [.id, .en, .category] | @tsv')
  for text in "$(line "$name" "$category")" "It was a real $name, no doubt about it."; do
    AT=$((AT + 1))
    told=$(act Ana "$(jq -nc --arg t "$text" --argjson at $AT '{type: "tell", text: $t, at: $at}')")
    echo "Ana: $(jq -r '.events[0].message' <<<"$told")"
    if [[ $(jq -r '.view.vote != null' <<<"$told") == true ]]; then
      echo "  $(event incoherence_flagged "$told")"
      echo "  Ben and Cy vote: the story stands."
      vote false
    fi
    if answer=$(act Ana "$(jq -nc --arg c "$card" '{type: "play", card: $c}')"); then
      if [[ $(jq -r '.view.vote != null' <<<"$answer") == true ]]; then
        echo "  the judge is unsure whether that names $name: Ben and Cy vote"
        vote true
      fi
      echo "  $(jq -r '.view.table[-1] | "\(.card) played, ruled by \(.ruling.decided_by)"' <<<"$(view)")"
      continue 2
    fi
    echo "  refused: $(jq -r .message <<<"$answer")"
  done
  echo "the judge refused $name twice; stopping" >&2
  exit 1
done

ending=$(view | jq -r '.view.endings[0].id')
AT=$((AT + 1))
ended=$(act Ana "$(jq -nc --arg e "$ending" --argjson at $AT '{type: "end", ending: $e, at: $at}')")
echo "Ana: $(event ending_played "$ended")"
if [[ $(jq -r '.view.vote != null' <<<"$ended") == true ]]; then
  echo "  the judge leaves the ending to Ben and Cy, who accept it"
  vote true
else
  echo "  $(event ending_rejected "$ended")$(event game_over "$ended")"
fi
curl -sS "$BASE/v1/tables/$table" | jq '{finished, winners, seed}'
