% A Quantik player for tabuleiro's engine protocol (docs/engine-protocol.md), in SWI-Prolog.
%
%   swipl examples/engines/quantik.pl
%
% It keeps the board from the host's `moved` lines and, asked to `go`:
%   1. wins at once when a placement completes a row, column or region with four different
%      shapes, or leaves the opponent without a legal placement (who then loses);
%   2. else plays a placement after which the opponent cannot win at once (neither by a unit
%      of four shapes nor by leaving it without a placement), chosen at random;
%   3. else (every placement gives a win away) any legal placement.
%
% The board is a list of p(Seat, Shape, Cell): seats 1 and 2, shapes c (cube), y (cylinder),
% o (cone), s (sphere), cells 0..15 (row * 4 + column; a1 is 0, d4 is 15).

:- initialization(main, main).

:- dynamic me/1.
:- dynamic piece/3.

main :-
    set_stream(user_input, encoding(utf8)),
    set_stream(user_output, encoding(utf8)),
    loop.

% One line at a time until `quit` or the end of the input.
loop :-
    read_line_to_string(user_input, Line),
    (   Line == end_of_file
    ->  true
    ;   split_string(Line, " ", " ", Parts),
        exclude(==(""), Parts, Words),
        (   Words = ["quit"|_]
        ->  true
        ;   catch(handle(Words), Error, report(Error)),
            loop
        )
    ).

report(Error) :-
    message_to_codes(Error, Codes),
    say("info error: ~s", [Codes]).

message_to_codes(Error, Codes) :-
    format(codes(Codes), "~q", [Error]).

say(Format, Args) :-
    format(user_output, Format, Args),
    nl(user_output),
    flush_output(user_output).

say(Text) :- say("~s", [Text]).

handle(["protocol"|_]) :- !,
    say("id name quantik.pl"),
    say("id author tabuleiro example"),
    say("ok").
handle(["game", "quantik", "players", "2", "seat", Seat|_]) :- !,
    number_string(Me, Seat),
    retractall(me(_)),
    retractall(piece(_, _, _)),
    assertz(me(Me)),
    say("ok").
handle(["game"|_]) :- !,
    say("info error: this engine plays two-player Quantik only").
handle(["moved", Seat, Text]) :- !,
    number_string(Who, Seat),
    (   read_move(Text, Shape, Cell)
    ->  assertz(piece(Who, Shape, Cell))
    ;   say("info error: cannot read the move ~s", [Text])
    ).
handle(["go"|_]) :- !,
    me(Me),
    board(Board),
    (   choose(Board, Me, Shape, Cell)
    ->  write_move(Shape, Cell, Text),
        say("move ~s", [Text])
    ;   say("info error: no legal placement")
    ).
handle(_).                              % `end`, and lines this engine does not know

board(Board) :-
    findall(p(Seat, Shape, Cell), piece(Seat, Shape, Cell), Board).

% --- Moves in notation: `Ca1` is a cube on a1. ---

shape(c). shape(y). shape(o). shape(s).

read_move(Text, Shape, Cell) :-
    string_chars(Text, [Letter, Column, Row]),
    downcase_atom(Letter, Shape),
    shape(Shape),
    downcase_atom(Column, C),
    char_code(C, CC), X is CC - 0'a, between(0, 3, X),
    char_code(Row, RC), Y is RC - 0'1, between(0, 3, Y),
    Cell is Y * 4 + X.

write_move(Shape, Cell, Text) :-
    upcase_atom(Shape, Letter),
    X is Cell mod 4, Y is Cell // 4,
    ColumnCode is 0'a + X, RowCode is 0'1 + Y,
    format(string(Text), "~w~c~c", [Letter, ColumnCode, RowCode]).

% --- The rules. ---

region(Cell, Region) :- Region is (Cell // 8) * 2 + (Cell mod 4) // 2.

same_unit(A, B) :- A // 4 =:= B // 4.
same_unit(A, B) :- A mod 4 =:= B mod 4.
same_unit(A, B) :- region(A, R), region(B, R).

% The rows, columns and regions, each as its four cells.
unit(Cells) :- between(0, 3, R), findall(C, (between(0, 15, C), C // 4 =:= R), Cells).
unit(Cells) :- between(0, 3, K), findall(C, (between(0, 15, C), C mod 4 =:= K), Cells).
unit(Cells) :- between(0, 3, Q), findall(C, (between(0, 15, C), region(C, Q)), Cells).

other(1, 2).
other(2, 1).

% A legal placement of Seat: one of its two pieces of the shape left, an empty cell, and no
% opponent piece of that shape in the cell's row, column or region.
legal(Board, Seat, Shape, Cell) :-
    shape(Shape),
    aggregate_all(count, member(p(Seat, Shape, _), Board), Used),
    Used < 2,
    between(0, 15, Cell),
    \+ member(p(_, _, Cell), Board),
    other(Seat, Opponent),
    \+ ( member(p(Opponent, Shape, There), Board), same_unit(Cell, There) ).

% Placing Shape on Cell completes a unit of four different shapes.
completes(Board, Shape, Cell) :-
    unit(Cells),
    memberchk(Cell, Cells),
    findall(S, ( member(C, Cells), ( C =:= Cell -> S = Shape ; member(p(_, S, C), Board) ) ),
            Shapes),
    sort(Shapes, Different),
    length(Different, 4).

wins(Board, _Seat, Shape, Cell) :-
    completes(Board, Shape, Cell), !.
wins(Board, Seat, Shape, Cell) :-
    other(Seat, Opponent),
    \+ legal([p(Seat, Shape, Cell)|Board], Opponent, _, _).

gives_a_win(Board, Seat, Shape, Cell) :-
    other(Seat, Opponent),
    After = [p(Seat, Shape, Cell)|Board],
    legal(After, Opponent, S, C),
    wins(After, Opponent, S, C), !.

choose(Board, Seat, Shape, Cell) :-
    findall(S-C, legal(Board, Seat, S, C), Moves),
    Moves \== [],
    (   member(Shape-Cell, Moves), wins(Board, Seat, Shape, Cell)
    ->  true
    ;   exclude([S-C]>>gives_a_win(Board, Seat, S, C), Moves, Safe),
        Safe \== []
    ->  random_member(Shape-Cell, Safe)
    ;   random_member(Shape-Cell, Moves)
    ).
