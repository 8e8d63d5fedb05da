" Vim syntax file for Patience rule files (*.patience).
" The keyword lists are tested against the lexer's (PatienceLanguage/Keywords.swift) by
" Tests/LanguageTests/EditorGrammarTests.swift, so that they cannot drift.
if exists("b:current_syntax")
  finish
endif

syn case match

" After '.' any word is a property name, reserved or not; matching from the dot lets the
" property win over the keywords below.
syn match patienceProperty "\.\s*\h\w*"

syn keyword patienceDeclaration game extends decks option zone deal relation let lift accept capacity action effect won override memory remove score layout reference differs
syn keyword patienceStatement require if for deal move try flip shuffle set
syn keyword patienceClause then else from to when limit tap
syn keyword patienceOperatorWord and or not in
syn keyword patienceLiteral true false unlimited
syn keyword patienceQuantifier all any count sum first
syn keyword patienceSuit clubs diamonds hearts spades red black
syn keyword patienceContextual suits jokers aces high as rest card cards where with top by row pile split before moving bottom after each dealt order face up down number same suit alternate colour color other rank wrapping left right fan stacked rows of overlapping at removal position

" Functions are coloured only where they are called.
syn match patienceFunction "\<\(builds\|sequence\|segments\|min\|max\|top\|abs\|uses\)\ze\s*("
" A zone's role after 'as'.
syn match patienceRole "\<as\s\+\zs\(stock\|waste\|foundation\|tableau\|cell\|reserve\|hidden\)\>"

syn match patienceCard "\<\(10\|[2-9AJQK]\)[CDHS]\>"
syn match patienceRank "\<[AJQK]\>"
syn match patienceNumber "\<\d\+\>"
syn match patienceOperator "\.\.\.\|==\|!=\|<=\|>=\|[<>=+\-*/%^|]"
syn match patienceEscape contained "\\[nt\"\\]"
syn region patienceString start=+"+ skip=+\\\\\|\\"+ end=+"+ end=+$+ contains=patienceEscape oneline
syn keyword patienceTodo contained TODO FIXME XXX NOTE
syn match patienceComment "#.*$" contains=patienceTodo

hi def link patienceDeclaration Keyword
hi def link patienceStatement Statement
hi def link patienceClause Conditional
hi def link patienceOperatorWord Operator
hi def link patienceLiteral Boolean
hi def link patienceQuantifier Repeat
hi def link patienceSuit Constant
hi def link patienceContextual Special
hi def link patienceFunction Function
hi def link patienceRole Type
hi def link patienceProperty Identifier
hi def link patienceCard Character
hi def link patienceRank Number
hi def link patienceNumber Number
hi def link patienceOperator Operator
hi def link patienceEscape SpecialChar
hi def link patienceString String
hi def link patienceTodo Todo
hi def link patienceComment Comment

let b:current_syntax = "patience"
