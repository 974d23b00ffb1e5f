#!/usr/bin/env python3
"""Truth bench: does Milo tell you only what you told it, across wakes?

Multi-wake conversations, each wake a new `milo chat` process (one message a line, as a user
pipes it), the facts coming back only through the living memory. Kinds of question: facts told
(asked in other words than they were told), never told (must be answered honestly), corrections
(the newer fact wins), names with accents and in other scripts, speech-to-text style input
(lower case, no punctuation), people around the user. Scored automatically:

  told        a told fact comes back (any accepted word, none of the forbidden ones)
  honest      a never-told question is answered "I don't know / you haven't told me", with no claim
  corrected   a corrected fact comes back as its newer value, not the old one
  name        the user's own name comes back
  claims      replies that state about the user a name or number no user message said
  etched      invented notes: CORE_UPDATE / FUTURE_MESSAGE lines in the memory with such a word
  interject   replies that are only an interjection ("Oh!")

Three sets: `tune` (look at these while working), `held` and `fresh` (run before and after a
change, never tuned on; `fresh` was written later than `held`, after `held` had been looked at).
Milo is judged on conversations none of them has.

    .venv/bin/python bench/truth.py --set held --model good
    .venv/bin/python bench/truth.py --set all --model tiny --out bench/out/truth-tiny

`--lived-in`: each user's memory starts as a lived-in one (LoCoMo 26's 419 pulses, two other
people talking, as bench/lived_in.py writes it; 400 generated pulses where the shared eval is
missing), and before the last wake (the questions) 40 more pulses of other talk (the end of
LoCoMo 30, dated now) come after what the user told: what they told is then found by recall
among hundreds of notes, not shown as the most recent ones.

Timings are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
import unicodedata
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

HONEST = ["don't know", "do not know", "didn't tell", "did not tell", "haven't told", "have not told", "haven't mentioned",
          "not sure", "don't think you", "no idea", "don't remember", "not told", "never told", "haven't said",
          "didn't mention", "don't have that", "not mentioned", "you haven't", "you didn't"]

# A question: (message, kind, accepted any-of, forbidden any-of). kind: told | never | corrected | name
# | world (a question about the world near something told: answered, not "you told me" nor "not sure").
# A statement: (message, None, None, None).
S = lambda m: (m, None, None, None)  # noqa: E731
SETS = {
    "tune": {
        "zoe": [
            [S("Hey Milo, I'm Zoë! I teach chemistry at a high school in Leeds."),
             S("My partner Sam bakes sourdough every weekend.")],
            [("Morning! What subject do I teach?", "told", ["chemistry"], None),
             ("Who bakes bread in my house?", "told", ["sam"], None),
             ("What's my partner's job?", "never", None, ["baker", "chef"]),
             ("Which city do I work in?", "told", ["leeds"], None),
             ("Do you know my name?", "name", ["zoe"], ["milo"])],
        ],
        "mateo": [
            [S("hello milo my name is mateo i work night shifts as a paramedic"),
             S("my dog pepa is scared of thunder")],
            [("what do i do for a living", "told", ["paramedic"], None),
             ("whats my dogs name", "told", ["pepa"], None),
             ("what did i eat for breakfast", "never", None, ["you ate a", "you had a", "you ate some", "you had some"]),
             ("what is my name", "name", ["mateo"], ["milo"])],
        ],
        "anya": [
            [S("Hi Milo, I'm Аня (Anya). My dentist appointment is on Tuesday.")],
            [S("Ugh, I had to move the dentist to Friday.")],
            [("When is my dentist appointment?", "corrected", ["friday"], ["tuesday"]),
             ("What's my name?", "name", ["аня", "anya"], ["milo"]),
             ("How many kids do I have?", "never", None, ["you have two", "you have one", "you have three"])],
        ],
        "siobhan": [
            [S("Hello! Siobhán here. My brother Cian lives in Cork and fixes bikes."),
             S("I'm learning to play the fiddle.")],
            [("What instrument am I learning?", "told", ["fiddle", "violin"], None),
             ("Where does my brother live?", "told", ["cork"], None),
             ("What's my brother called?", "told", ["cian"], None),
             ("What's my mother's name?", "never", None, ["mother is", "mother's name is", "mom is"])],
        ],
    },
    "held": {
        "kenji": [
            [S("Hi Milo, I'm Kenji. I'm a pastry chef in Osaka."),
             S("My daughter Hana just started swimming lessons.")],
            [("what is my job", "told", ["pastry", "chef", "bak"], None),
             ("What sport is my daughter doing?", "told", ["swim"], None),
             ("What's my wife called?", "never", None, ["wife is", "wife's name"]),
             ("Where do I live?", "told", ["osaka"], None)],
        ],
        "fatima": [
            [S("Salaam Milo! My name is Fatima and I drive a tram in Manchester.")],
            [S("Quick update: I switched jobs, I drive buses now.")],
            [("What do I drive these days?", "corrected", ["bus"], ["you drive a tram", "you drive trams"]),
             ("What's my name?", "name", ["fatima"], ["milo"]),
             ("What did I have for dinner yesterday?", "never", None, ["you had a", "you ate a", "you had some", "you ate some"])],
        ],
        "soren": [
            [S("Hey there, call me Søren. I keep bees on my roof in Copenhagen."),
             S("My neighbour Ingrid gives me her old newspapers.")],
            [("Who gives me newspapers?", "told", ["ingrid"], None),
             ("what do i keep on my roof", "told", ["bee"], None),
             ("How old am I?", "never", None, ["you are 2", "you are 3", "you are 4", "you're 2", "you're 3", "you're 4"]),
             ("who am i", "name", ["soren", "søren"], ["milo"])],
        ],
        "priya": [
            [S("hi milo its priya i just adopted two cats called mango and chai"),
             S("im allergic to peanuts")],
            [("how many cats do i have", "told", ["two", "2"], None),
             ("what am i allergic to", "told", ["peanut"], None),
             ("what are my cats called", "told", ["mango", "chai"], None),
             ("what car do i drive", "never", None, ["you drive a"])],
        ],
    },
    # Written 2026-12-02 before any change of that session, never tuned on: run before and after.
    "fresh": {
        "gosia": [
            [S("Dzień dobry Milo! I'm Małgorzata, but friends call me Gosia. I'm a nurse at a children's hospital in Kraków."),
             S("My husband Tomasz restores old motorbikes in our garage.")],
            [("What does Tomasz do in the garage?", "told", ["motorbike", "motorcycle", "bike"], None),
             ("where do i work", "told", ["hospital"], None),
             ("What's my dog's name?", "never", None, ["dog is called", "dog's name is", "your dog is"]),
             ("What should you call me?", "name", ["gosia", "malgorzata"], ["milo"])],
        ],
        "seun": [
            [S("hey milo oluwaseun here i teach maths at a secondary school in lagos"),
             S("my twins have their tenth birthday party on saturday")],
            [("how old will my twins be", "told", ["ten", "10"], None),
             ("what subject do i teach", "told", ["math"], None),
             ("whats my mums name", "never", None, ["mum is", "mum's name is", "mother is"])],
            [S("oh the party moved to sunday because of the rain")],
            [("when is the twins party now", "corrected", ["sunday"], ["saturday"])],
        ],
        "yusuf": [
            [S("Hello Milo, my name is يوسف (Yusuf). I repair watches in a small shop in Istanbul.")],
            [("What's my name?", "name", ["يوسف", "yusuf"], ["milo"]),
             ("What do I fix for a living?", "told", ["watch"], None),
             ("Do I have any brothers?", "never", None, ["you have a brother", "you have two", "you have one"])],
        ],
        "helene": [
            [S("Bonsoir! Hélène here. I'm training for a half marathon in October.")],
            [S("Change of plan, I signed up for the full marathon instead.")],
            [("Which race am I training for?", "corrected", ["full marathon"], ["half marathon"]),
             ("When is my race?", "told", ["october"], None),
             ("What's my coach called?", "never", None, ["coach is", "coach's name"])],
        ],
        "ana": [
            [S("Hi Milo! I'm Ana. My best friend Lucía is a firefighter in Valencia."),
             S("My grandmother turns ninety next month.")],
            [("What does Lucía do?", "told", ["firefight", "fire"], None),
             ("Where does my best friend live?", "told", ["valencia"], None),
             ("How old will my nan be?", "told", ["ninety", "90"], None),
             ("What's my brother's job?", "never", None, ["brother is a", "brother works"])],
        ],
    },
    # Written 2026-12-03 before any change of that session (paraphrased questions: a job, a home,
    # a hobby asked in other words than told), never tuned on: run before and after.
    "dec3": {
        "joao": [
            [S("Olá Milo! I'm João. I drive a delivery van around Porto."),
             S("My sister Beatriz plays volleyball for her university.")],
            [("What do I do for work?", "told", ["deliver", "van", "driv"], None),
             ("Which sport does Beatriz play?", "told", ["volleyball"], None),
             ("What's my favourite colour?", "never", None, ["favourite colour is", "favorite color is", "you love"]),
             ("Which city am I in?", "told", ["porto"], None)],
        ],
        "mei": [
            [S("hi milo im mei i fix phones and laptops at a repair stall"),
             S("on sundays i go hiking with my dad")],
            [("whats my job", "told", ["repair", "phone", "laptop", "fix"], None),
             ("what do i do at the weekend", "told", ["hik"], None),
             ("whats my dads name", "never", None, ["dad is called", "dad's name is", "father is"]),
             ("who am i", "name", ["mei"], ["milo"])],
        ],
        "olu": [
            [S("Good evening Milo. Olu here, I look after the plants at the botanical garden in Ibadan."),
             S("I've got a parrot named Captain who whistles the national anthem.")],
            [("Where do I work?", "told", ["botanical", "garden"], None),
             ("What kind of bird do I have?", "told", ["parrot"], None),
             ("What did I have for breakfast today?", "never", None, ["you had a", "you ate a", "you had some", "you ate some"]),
             ("What's my pet called?", "told", ["captain"], None)],
        ],
        "ingrid": [
            [S("Hej Milo! Ingrid here. My choir practice is on Monday evenings.")],
            [S("Actually the choir moved to Tuesday evenings from now on.")],
            [("When do I sing with my choir?", "corrected", ["tuesday"], ["monday"]),
             ("How many grandchildren do I have?", "never", None, ["you have two", "you have three", "you have one"]),
             ("What's my name?", "name", ["ingrid"], ["milo"])],
        ],
    },
    "dec4": {  # written 2026-12-03 before the closest-note change it measures; not tuned on
        "amara": [
            [S("Hi Milo, I'm Amara. I run a small bakery on the corner of Elm Street."),
             S("My son Kofi just started secondary school."),
             S("I swim at the lido every morning before opening.")],
            [("What do I do for a living?", "told", ["bakery", "bak"], None),
             ("How do I keep fit?", "told", ["swim", "lido"], None),
             ("What's my daughter's name?", "never", None, ["daughter is called", "daughter's name is"]),
             ("Where did I go on holiday last year?", "never", None, ["you went to", "you visited"]),
             ("How is Kofi getting on?", "told", ["school"], None)],
        ],
        "henrik": [
            [S("hello milo henrik here i repair fishing boats in the harbour"),
             S("my wife astrid teaches maths")],
            [("what is my occupation", "told", ["boat", "repair", "harbour"], None),
             ("what does astrid do", "told", ["math"], None),
             ("what car do i drive", "never", None, ["you drive a"]),
             ("what is my favourite food", "never", None, ["favourite food is", "you love"])],
        ],
        "priya": [
            [S("Hey Milo! Priya here. I'm an anaesthetist at the children's hospital."),
             S("Weekends I paint watercolours of the canal.")],
            [("What's my profession?", "told", ["anaesthet", "hospital"], None),
             ("What are my hobbies?", "told", ["paint", "watercolour"], None),
             ("Do I have any siblings?", "never", None, ["you have a brother", "you have a sister", "your brother", "your sister"]),
             ("Which school did I go to?", "never", None, ["you went to", "you studied at"])],
        ],
        "chen": [
            [S("Hi Milo, I'm Chen Wei. I moved to Vancouver last spring."),
             S("I spend my evenings learning to play the erhu.")],
            [("Where am I living these days?", "told", ["vancouver"], None),
             ("What instrument am I learning?", "told", ["erhu"], None),
             ("What's my mother's name?", "never", None, ["mother is called", "mother's name is", "mum is called"]),
             ("How old am I?", "never", None, ["you are 2", "you are 3", "you are 4", "you're 2", "you're 3", "you're 4"])],
        ],
    },
    "dec5": {  # written 2026-12-03 after the draft check was tuned on dec4; run once to measure it
        "yusuf": [
            [S("Merhaba Milo! Yusuf here. I drive the night bus through Ankara."),
             S("My daughter Elif is studying architecture in Izmir.")],
            [("How do I earn my money?", "told", ["bus", "driv"], None),
             ("What is Elif studying?", "told", ["architecture"], None),
             ("What's my wife's name?", "never", None, ["wife is called", "wife's name is"]),
             ("Which football team do I support?", "never", None, ["you support"])],
        ],
        "kaia": [
            [S("hey milo its kaia i look after the sheep on my uncles farm in otago"),
             S("i play netball on tuesday nights")],
            [("what kind of work do i do", "told", ["sheep", "farm"], None),
             ("what sport do i play", "told", ["netball"], None),
             ("whats my uncles name", "never", None, ["uncle is called", "uncle's name is"]),
             ("where did i grow up", "never", None, ["you grew up in"])],
        ],
        "marguerite": [
            [S("Bonjour Milo, I'm Marguerite. I'm retired now, I spent forty years as a court stenographer."),
             S("These days I volunteer at the animal shelter on Fridays.")],
            [("What was my career?", "told", ["stenograph", "court"], None),
             ("How do I spend my Fridays?", "told", ["shelter", "animal", "volunteer"], None),
             ("What's my cat's name?", "never", None, ["cat is called", "cat's name is", "your cat"]),
             ("Where was I born?", "never", None, ["you were born in"])],
        ],
        "dmitri": [
            [S("Hi Milo, Dmitri here. I build custom guitars in my workshop."),
             S("My partner Oksana is a paramedic.")],
            [("What's my trade?", "told", ["guitar"], None),
             ("What does my partner do?", "told", ["paramedic"], None),
             ("What's my favourite band?", "never", None, ["favourite band is", "favorite band is", "you love"]),
             ("How many kids do I have?", "never", None, ["you have one", "you have two", "you have three"])],
        ],
    },
    "dec6": {  # written 2026-12-03 after milo.chat.draft's bars were set (on the sets to dec5): its measure
        "nkechi": [
            [S("Good morning Milo, Nkechi here. I sell fabrics at the big market in Onitsha."),
             S("My grandson Chidi wants to be a pilot.")],
            [("What is my line of work?", "told", ["fabric", "market", "sell"], None),
             ("What does Chidi want to become?", "told", ["pilot"], None),
             ("What's my husband's name?", "never", None, ["husband is called", "husband's name is"]),
             ("What did I cook yesterday?", "never", None, ["you cooked", "you made"])],
        ],
        "lars": [
            [S("hi milo lars here i maintain the wind turbines off the coast of esbjerg"),
             S("my daughter freja rides horses every saturday")],
            [("what do i do for a job", "told", ["turbine", "wind"], None),
             ("what does freja do on saturdays", "told", ["horse", "rid"], None),
             ("whats my sons name", "never", None, ["son is called", "son's name is"]),
             ("when is my birthday", "never", None, ["your birthday is"])],
        ],
        "sofia": [
            [S("Ciao Milo! I'm Sofia, I translate novels from Japanese into Italian."),
             S("I've been practising the violin for my orchestra audition.")],
            [("How do I make a living?", "told", ["translat"], None),
             ("What am I preparing for?", "told", ["audition", "orchestra", "violin"], None),
             ("Which languages does my brother speak?", "never", None, ["your brother speaks"]),
             ("What's my dog called?", "never", None, ["dog is called", "dog's name is"])],
        ],
        "tevita": [
            [S("Malo e lelei Milo, I'm Tevita. I coach the under-twelve rugby side in Nuku'alofa."),
             S("My wife Mele runs a little cafe by the harbour.")],
            [("What's my job?", "told", ["coach", "rugby"], None),
             ("Where does Mele work?", "told", ["cafe", "harbour"], None),
             ("How many brothers do I have?", "never", None, ["you have one", "you have two", "you have three"]),
             ("What car do I drive?", "never", None, ["you drive a"])],
        ],
    },
    "changes": {  # written 2026-12-04 before the prompt marked a changed day: follow-ups after a change
        # (a "where" follow-up is scored on the place alone: "It was on Monday but has been changed
        # to Thursday" is true)
        "hana": [
            [S("Hi Milo, I'm Hana. My pottery class is on Mondays at the community centre.")],
            [S("Quick update: pottery moved to Thursdays.")],
            [("When is my pottery class now?", "corrected", ["thursday"], ["monday"]),
             ("Where is it held?", "told", ["community"], None),
             ("Remind me what day it's on?", "corrected", ["thursday"], ["monday"])],
        ],
        "oskar": [
            [S("hey milo oskar here my football training is on wednesdays at the park")],
            [S("training got switched to fridays")],
            [("when is training", "corrected", ["friday"], ["wednesday"]),
             ("where do we train", "told", ["park"], None)],
        ],
        "leilani": [
            [S("Aloha Milo! Leilani here. I volunteer at the food bank every Saturday morning.")],
            [S("They changed my volunteering shift to Sunday mornings.")],
            [("Which day do I volunteer?", "corrected", ["sunday"], ["saturday"]),
             ("Where do I volunteer?", "told", ["food bank"], None)],
        ],
        "farid": [
            [S("Hello Milo, Farid here. My Arabic lessons are on Tuesday evenings at the library.")],
            [S("The Arabic lessons moved to Monday evenings.")],
            [("When are my Arabic lessons?", "corrected", ["monday"], ["tuesday"]),
             ("Where are the lessons?", "told", ["library"], None)],
        ],
    },
    "dec7": {  # written 2026-12-04 before any change of this session: kinds not in the earlier sets
        # (a job and a city that changed, a pet with what it is like, a name given late, several
        # facts in one line, a question in other words)
        "ines": [
            [S("Olá Milo, I'm Inês. I work as a pharmacist in Porto."),
             S("My cat Pimenta sleeps on my keyboard all day.")],
            [S("Big news: I quit the pharmacy, I'm a baker now.")],
            [("What is my job these days?", "corrected", ["baker", "bak"], ["pharmacist"]),
             ("What kind of animal is Pimenta?", "told", ["cat"], ["dog"]),
             ("Who am I?", "name", ["ines"], ["milo"]),
             ("What's my mother's name?", "never", None, ["mother is called", "mother's name is", "mum is called"])],
        ],
        "kwame": [
            [S("hello milo its kwame i drive a bus in kumasi and i have twin girls")],
            [("how many kids do i have", "told", ["two", "2", "twin"], None),
             ("what do i drive", "told", ["bus"], None),
             ("what are my daughters called", "never", None, ["daughters are called", "daughters are named"]),
             ("whats my favourite football team", "never", None, ["your favourite team is", "you support"])],
        ],
        "agnieszka": [
            [S("Hi Milo. We just moved from Kraków to Dublin for my husband's job.")],
            [S("By the way, my name is Agnieszka."),
             S("Our son Tomek started at a new school here.")],
            [("Which city do I live in now?", "corrected", ["dublin"], None),
             ("Where did we live before?", "told", ["krak"], None),
             ("What's my name?", "name", ["agnieszka"], ["milo"]),
             ("How old is Tomek?", "never", None, ["tomek is ", "he is seven"]),
             ("What does my husband do?", "never", None, ["your husband is a", "he works as"])],
        ],
        "ravi": [
            [S("Hey Milo, Ravi here. I'm training for the Mumbai half marathon in January.")],
            [("What race am I getting ready for?", "told", ["marathon"], None),
             ("When is it?", "told", ["january"], None),
             ("What time did I run this morning?", "never", None, ["you ran at"]),
             ("What is my running coach called?", "never", None, ["coach is called", "coach's name is"])],
        ],
    },
    "dec8": {  # written 2026-12-04 after dec7 was seen, before any change made for it: the measure
        "yerlan": [
            [S("hi milo yerlan here i teach physics at a high school in almaty and i keep bees"),
             S("my brother aidos is a chef")],
            [("what subject do i teach", "told", ["physics"], None),
             ("what does aidos do for work", "told", ["chef", "cook"], None),
             ("how old is aidos", "never", None, None),
             ("whats my wifes name", "never", None, ["wife is called", "wife's name is", "wife is named"])],
        ],
        "margot": [
            [S("Hello Milo, I'm Margot. I restore old clocks in a workshop in Ghent."),
             S("My neighbour Pieter lends me his tools.")],
            [S("I sold the workshop, I repair clocks from home now.")],
            [("Where do I work these days?", "corrected", ["home"], None),
             ("Who lends me tools?", "told", ["pieter"], None),
             ("What's my name?", "name", ["margot"], ["milo"]),
             ("How many clocks have I restored?", "never", None, None),
             ("What colour is Pieter's car?", "never", None, ["pieter's car is", "his car is"])],
        ],
        "keiko": [
            [S("こんにちは Milo! I'm 恵子 (Keiko). I grow bonsai trees on my balcony in Osaka.")],
            [("What's my name?", "name", ["恵子", "keiko"], ["milo"]),
             ("What do I grow?", "told", ["bonsai"], None),
             ("Where is my balcony?", "told", ["osaka"], None),
             ("What did I eat for breakfast?", "never", None, ["you ate", "you had"])],
        ],
        "tomas": [
            [S("Hey Milo, I'm Tomás. My daughter Lucía just started university in Madrid."),
             S("She's studying architecture.")],
            [("What is Lucía studying?", "told", ["architect"], None),
             ("Where is her university?", "told", ["madrid"], None),
             ("What's my son called?", "never", None, ["son is called", "son's name is", "son is named"]),
             ("When is Lucía's birthday?", "never", None, ["her birthday is", "birthday is on"])],
        ],
    },
    "dec9": {  # written 2026-12-04 after this session's changes, never tuned on: their measure
        "nadia": [
            [S("hi milo im nadia i work at the post office and i sing in a choir on wednesdays"),
             S("my husband karim makes the best lentil soup")],
            [("where do i work", "told", ["post office"], None),
             ("what does karim cook", "told", ["lentil", "soup"], None),
             ("when is choir", "told", ["wednesday"], None),
             ("how tall is karim", "never", None, None),
             ("whats my daughters name", "never", None, ["daughter is called", "daughter's name is", "daughter is named"])],
        ],
        "emeka": [
            [S("Good afternoon Milo, Emeka here. I run a phone repair stall in Abuja."),
             S("My niece Ada is learning to code.")],
            [S("I've closed the stall, I fix phones from my flat now.")],
            [("Where do I fix phones now?", "corrected", ["flat", "home"], None),
             ("What is Ada learning?", "told", ["code", "coding", "program"], None),
             ("Who am I?", "name", ["emeka"], ["milo"]),
             ("Which school does Ada go to?", "never", None, ["ada goes to", "she goes to"]),
             ("What did I have for lunch?", "never", None, ["you had", "you ate"])],
        ],
        "mirela": [
            [S("Bună Milo! I'm Mirela. I knit scarves for my grandchildren in Cluj.")],
            [("What do I knit?", "told", ["scarves", "scarf"], None),
             ("Who do I knit for?", "told", ["grand"], None),
             ("What's my name?", "name", ["mirela"], ["milo"]),
             ("How many grandchildren do I have?", "never", None, ["you have two", "you have three", "you have four"])],
        ],
    },
    "dec10": {  # written 2026-12-04 (ninth session) before any change of it: follow-ups that lean on the
        # question before, a living asked in other words, a message in Portuguese, a date moved
        "sione": [
            [S("kia ora milo im sione i fish for a living off the coast of tonga"),
             S("my wife mele makes the best coconut bread")],
            [("how do i make a living", "told", ["fish"], None),
             ("whats my wifes name", "told", ["mele"], None),
             ("what does mele bake", "told", ["coconut", "bread"], None),
             ("what is my boat called", "never", None, ["boat is called", "boat's name is", "boat is named"])],
        ],
        "dagny": [
            [S("Hei Milo! Dagny here. My sister's wedding is in May, in Bergen."),
             S("I keep three hens in the garden.")],
            [S("Update: the wedding got moved to June.")],
            [("When is my sister's wedding?", "corrected", ["june"], ["in may"]),
             ("Where is it?", "told", ["bergen"], None),
             ("How many hens do I keep?", "told", ["three", "3"], None),
             ("What's my sister called?", "never", None, ["sister is called", "sister's name is", "sister is named"])],
        ],
        "benedita": [
            [S("Olá Milo! Sou a Benedita, trabalho como enfermeira em Lisboa."),
             S("I go surfing every Sunday morning.")],
            [("What do I do for work?", "told", ["nurse", "enfermeira"], None),
             ("Which city do I work in?", "told", ["lisbo"], None),
             ("When do I go surfing?", "told", ["sunday"], None),
             ("What's my husband's name?", "never", None, ["husband is called", "husband's name is", "husband is named"]),
             ("Who am I?", "name", ["benedita"], ["milo"])],
        ],
        "hamid": [
            [S("Hi Milo, I'm Hamid. I've got a job interview at a bank next Thursday.")],
            [("What's coming up for me?", "told", ["interview"], None),
             ("When is it?", "told", ["thursday"], None),
             ("Which bank is it at?", "never", None, ["it's at", "the bank is"]),
             ("What did I study at university?", "never", None, ["you studied"])],
        ],
    },
    "dec11": {  # written 2026-12-04 (ninth session) after its first changes (follow-ups, names), never tuned on
        "oskar": [
            [S("Hi Milo, Oskar here. My partner Jonas is a nurse and works nights."),
             S("We have a dog called Fenrir.")],
            [("What does Jonas do?", "told", ["nurse"], None),
             ("When does he work?", "told", ["night"], None),
             ("What's my dog called?", "told", ["fenrir"], None),
             ("How old is he?", "never", None, ["he is ", "he's "])],
        ],
        "amara": [
            [S("hey milo its amara i just started a pottery class on monday evenings"),
             S("my teacher is called olu")],
            [S("the pottery class moved to thursdays")],
            [("when is my pottery class", "corrected", ["thursday"], ["monday"]),
             ("whats my teachers name", "told", ["olu"], None),
             ("what did i make in class", "never", None, ["you made"])],
        ],
        "carmen": [
            [S("¡Hola Milo! Me llamo Carmen y soy profesora de música en Sevilla.")],
            [("¿Cómo me llamo?", "name", ["carmen"], ["milo"]),
             ("What do I teach?", "told", ["music", "música"], None),
             ("Do I have any children?", "never", None, ["you have two", "you have a son", "you have a daughter", "your son", "your daughter"])],
        ],
        "wei": [
            [S("Hello Milo, I'm Wei. I'm saving up for a trip to Peru next spring."),
             S("My mum is coming with me.")],
            [("Where am I travelling to?", "told", ["peru"], None),
             ("Who is coming with me?", "told", ["mum", "mother"], None),
             ("When are we going?", "told", ["spring"], None),
             ("How much have I saved so far?", "never", None, None)],
        ],
    },
    "dec12": {  # written 2026-12-04 (ninth session) after all its changes, before running it: their measure
        "lindiwe": [
            [S("Hi Milo, Lindiwe here. I manage a small hotel in Durban."),
             S("My brother Sipho is visiting from Cape Town next week.")],
            [("What do I manage?", "told", ["hotel"], None),
             ("Where is it?", "told", ["durban"], None),
             ("Who is visiting me?", "told", ["sipho"], None),
             ("How long is he staying?", "never", None, ["he is staying for", "he's staying for", "for a week", "days"])],
        ],
        "piotr": [
            [S("hey milo its piotr i play the trumpet in a brass band on fridays")],
            [S("the band practice is on saturdays now")],
            [("when is band practice", "corrected", ["saturday"], ["friday"]),
             ("what instrument do i play", "told", ["trumpet"], None),
             ("whats the band called", "never", None, ["band is called", "called the"]),
             ("who am i", "name", ["piotr"], ["milo"])],
        ],
        "aiko": [
            [S("Hello Milo! I'm Aiko. My grandmother turns ninety on the 3rd of March."),
             S("We're planning a dinner for her in Kyoto.")],
            [("How old will my grandmother be?", "told", ["ninety", "90"], None),
             ("When is her birthday?", "told", ["march", "3rd"], None),
             ("Where is the dinner?", "told", ["kyoto"], None),
             ("What is my grandmother's name?", "never", None, ["grandmother is called", "grandmother's name is", "her name is"])],
        ],
    },
    "dec13": {  # written 2026-12-04 (ninth session) before running it: yes/no about the user, a
        # negation, a favourite, "we/our", two facts in one line, "what did I tell you about"
        "rosa": [
            [S("Hi Milo, it's Rosa. I don't eat meat, and my favourite colour is green."),
             S("We have two cats, Miso and Tofu.")],
            [("Do I eat meat?", "told", ["don't eat meat", "do not eat meat", "vegetarian", "no"], None),
             ("What's my favourite colour?", "told", ["green"], None),
             ("Do I have any pets?", "told", ["cat", "miso", "tofu"], None),
             ("What are our cats called?", "told", ["miso", "tofu"], None),
             ("Do I have a car?", "never", None, ["you have a car", "you drive"])],
        ],
        "kofi": [
            [S("hello milo kofi here i work at the airport and my shift starts at five am")],
            [S("my daughter esi turns six on friday")],
            [("what did i tell you about my daughter", "told", ["esi", "six", "friday"], None),
             ("when does my shift start", "told", ["five", "5"], None),
             ("where do i work", "told", ["airport"], None),
             ("what is my wifes job", "never", None, ["your wife is a", "she works as"])],
        ],
    },
    "dec14": {  # written 2026-12-04 (ninth session) after all its changes, before running it: their measure
        "hana": [
            [S("Hi Milo! I'm Hana. We run a tea shop in Brno with my husband Tomas."),
             S("Our shop opens at eight.")],
            [S("Change of plan: the shop opens at nine now.")],
            [("What do we run?", "told", ["tea"], None),
             ("Where is it?", "told", ["brno"], None),
             ("When does it open?", "corrected", ["nine", "9"], ["eight"]),
             ("What's my husband called?", "told", ["tomas"], None),
             ("How many staff do we have?", "never", None, None)],
        ],
        "yusuf": [
            [S("hey milo yusuf here im learning to play chess with my grandad on sundays")],
            [("who do i play chess with", "told", ["grandad", "grandfather"], None),
             ("when do we play", "told", ["sunday"], None),
             ("whats my grandads name", "never", None, ["grandad is called", "grandad's name is", "his name is"])],
        ],
    },
    "dec15": {  # written 2026-12-04 (eleventh session) before running it: a name and what people call
        # them, a fiancée, German from speech to text, a correction in the same wake, a neighbour
        "seun": [
            [S("Hi Milo, I'm Olúwaseun, but everyone calls me Seun. I'm a nurse at a children's hospital."),
             S("My fiancée Adaeze and I are getting married in August.")],
            [("How do I earn a living?", "told", ["nurse"], None),
             ("Who am I marrying?", "told", ["adaeze"], None),
             ("When is the wedding?", "told", ["august"], None),
             ("Where is the wedding?", "never", None, ["wedding is at", "the venue is"]),
             ("What do people call me?", "name", ["seun"], ["milo"])],
        ],
        "greta": [
            [S("hallo milo ich bin greta und ich arbeite als bäckerin in hamburg")],
            [S("mein hund heißt bruno")],
            [("wo arbeite ich", "told", ["hamburg"], None),
             ("what is my dog called", "told", ["bruno"], None),
             ("what's my job", "told", ["baker", "backerin", "bakery", "bread"], None),
             ("how old is my dog", "never", None, ["years old", "jahre alt"])],
        ],
        "amara": [
            [S("Hi Milo, Amara here. I run every morning before work, usually 5 km."),
             S("Actually, I've started doing 10 km now.")],
            [S("My neighbour Ingrid lends me her bike on weekends.")],
            [("How far do I run?", "corrected", ["10", "ten"], ["5 km", "five"]),
             ("When do I run?", "told", ["morning"], None),
             ("Whose bike do I borrow?", "told", ["ingrid"], None),
             ("What do I do for work?", "never", None, ["you work as", "you work at", "your job is"])],
        ],
    },
    "dec16": {  # written 2026-12-04 (eleventh session) after the dec15 changes, before running it: their measure
        "mirela": [
            [S("Bună Milo! I'm Mirela, I drive a tram in Bucharest."),
             S("My twins, Ana and Radu, start school in September.")],
            [("What do I drive?", "told", ["tram"], None),
             ("How many kids do I have?", "told", ["two", "twins", "2"], None),
             ("What are my children called?", "told", ["ana", "radu"], None),
             ("What's my husband's name?", "never", None, ["husband is called", "husband's name is", "his name is"]),
             ("Who am I?", "name", ["mirela"], ["milo"])],
        ],
        "tane": [
            [S("kia ora milo tane here i work as a park ranger up north")],
            [S("oh and my favourite bird is the kererū")],
            [("whats my favourite bird", "told", ["kereru"], None),
             ("what do i do for work", "told", ["ranger"], None),
             ("do i have any pets", "never", None, ["you have a", "your dog", "your cat"])],
        ],
        "sofia": [
            [S("Hi Milo, Sofía here. My yoga class is on Tuesday evenings at the community centre.")],
            [S("Quick update: yoga moved to Thursday evenings.")],
            [("When is my yoga class?", "corrected", ["thursday"], ["tuesday"]),
             ("Where is it held?", "told", ["community"], None),
             ("Who teaches it?", "never", None, ["teacher is", "taught by", "instructor is"])],
        ],
    },
    "dec17": {  # written 2026-12-04 (eleventh session) after the dec16 changes, before running it: their measure
        "joao": [
            [S("hey milo im joão i grew up in porto but i live in leeds now")],
            [S("my brother tiago is a chef")],
            [("where did i grow up", "told", ["porto"], None),
             ("where do i live now", "told", ["leeds"], None),
             ("what does my brother do", "told", ["chef"], None),
             ("how old is my brother", "never", None, ["years old"]),
             ("whats my name", "name", ["joao"], ["milo"])],
        ],
        "nadia": [
            [S("Hello Milo, I'm Nadia. I work at a bakery and I'm 34."),
             S("I have a parrot called Mango.")],
            [S("Big news: I don't work at the bakery anymore, I started at the library.")],
            [("Where do I work?", "corrected", ["library"], ["bakery"]),
             ("How old am I?", "told", ["34", "thirty-four", "thirty four"], None),
             ("What kind of animal is Mango?", "told", ["parrot"], None),
             ("What's my favourite food?", "never", None, ["favourite food is", "favorite food is", "you love", "you like"])],
        ],
        "kenji": [
            [S("Konnichiwa Milo! Kenji here. My daughter Yui plays the violin.")],
            [("What instrument does Yui play?", "told", ["violin"], None),
             ("Who is Yui?", "told", ["daughter"], None),
             ("How old is Yui?", "never", None, ["years old"])],
        ],
    },
    "dec18": {  # written 2026-12-04 (eleventh session) after all its changes, before running it: their measure
        "amelie": [
            [S("Salut Milo! C'est Amélie. I teach yoga in Montréal."),
             S("My cat Noisette is fourteen.")],
            [S("oh and i switched to teaching pilates instead")],
            [("What do I teach?", "corrected", ["pilates"], ["you teach yoga"]),
             ("How old is my cat?", "told", ["fourteen", "14"], None),
             ("Which city do I live in?", "told", ["montr"], None),
             ("What's my partner called?", "never", None, ["partner is called", "partner's name is"]),
             ("Do you remember my name?", "name", ["amelie"], ["milo"])],
        ],
        "musa": [
            [S("hi milo musa here i fix bicycles at a shop near the river")],
            [S("my grandmother fatima turns eighty on sunday")],
            [("what do i fix", "told", ["bicycle", "bike"], None),
             ("when is my grandmothers birthday", "told", ["sunday"], None),
             ("how old will she be", "told", ["eighty", "80"], None),
             ("whats the shop called", "never", None, ["shop is called", "called the"])],
        ],
    },
    "dec19": {  # written 2026-12-04 (eleventh session) after the 'What do I do?' change, before running it
        "lucas": [
            [S("Hey Milo, Lucas here. I'm studying architecture in Valparaíso."),
             S("I have three brothers and we all play football.")],
            [("What am I studying?", "told", ["architecture"], None),
             ("How many brothers do I have?", "told", ["three", "3"], None),
             ("Where do I study?", "told", ["valpara"], None),
             ("What are my brothers called?", "never", None, ["brothers are called", "brother is called"])],
        ],
        "ingrid": [
            [S("hello milo im ingrid my wife lena is a dentist")],
            [S("we just adopted a kitten called pixel")],
            [("what does my wife do", "told", ["dentist"], None),
             ("whats my wifes name", "told", ["lena"], None),
             ("do we have a cat or a dog", "told", ["kitten", "cat", "pixel"], None),
             ("who am i", "name", ["ingrid"], ["milo", "lena"])],
        ],
        "kai": [
            [S("Hi Milo! I'm Kai. I went hiking in the Alps last weekend.")],
            [("What did I tell you about my weekend?", "told", ["hiking", "alps"], None),
             ("Who did I go with?", "never", None, ["you went with"])],
        ],
    },
    "dec20": {  # written 2026-12-04 (eleventh session) after all of its changes, before running it: their measure
        "oksana": [
            [S("Привіт Milo! I'm Оксана, I work nights as a baker in Lviv."),
             S("My son Taras is learning the guitar.")],
            [S("Correction: Taras plays the drums, not the guitar.")],
            [("What instrument does my son play?", "corrected", ["drum"], ["guitar"]),
             ("When do I work?", "told", ["night"], None),
             ("What's my son's name?", "told", ["taras"], None),
             ("Where did I go on holiday?", "never", None, ["you went to"]),
             ("What's my name?", "name", ["оксана", "oksana"], ["milo"])],
        ],
        "dev": [
            [S("yo milo dev here i just got a puppy named biscuit")],
            [("what kind of pet do i have", "told", ["puppy", "dog", "biscuit"], None),
             ("whats my puppys name", "told", ["biscuit"], None),
             ("what breed is it", "never", None, ["is a golden", "is a lab", "breed is"])],
        ],
    },
    "dec21": {  # written 2026-12-04 (eleventh session) after all of its changes, before running it: the final measure
        "sione": [
            [S("Malo e lelei Milo! I'm Sione. I coach a netball team on Wednesdays.")],
            [S("My aunt Mele is visiting from Auckland next month.")],
            [("What sport do I coach?", "told", ["netball"], None),
             ("When is practice?", "told", ["wednesday"], None),
             ("Who is visiting me?", "told", ["mele", "aunt"], None),
             ("Where is she coming from?", "told", ["auckland"], None),
             ("How long is she staying?", "never", None, ["staying for", "for a week", "for two weeks"])],
        ],
        "hannah": [
            [S("hi milo this is hannah i just started a new job as a librarian")],
            [("what is my new job", "told", ["librarian"], None),
             ("what is my bosss name", "never", None, ["boss is called", "boss's name is", "boss is named"]),
             ("do you know my name", "name", ["hannah"], ["milo"])],
        ],
    },
    "dec22": {  # written 2026-12-04 (twelfth session) after the change of day that names only its thing, before running it
        "ana": [
            [S("Hi Milo, I'm Ana. I go salsa dancing at the community centre on Mondays."),
             S("My brother Luis is a firefighter.")],
            [S("Small change: the lessons moved to Wednesdays.")],
            [("When do I go dancing?", "corrected", ["wednesday"], ["monday"]),
             ("Where do I dance?", "told", ["community cent"], None),
             ("What does my brother do?", "told", ["firefighter"], None),
             ("What's my dance teacher called?", "never", None, ["teacher is called", "teacher's name is", "teacher is named"]),
             ("Who am I?", "name", ["ana"], ["milo"])],
        ],
        "kofi": [
            [S("hey milo its kofi i play five a side football every thursday night")],
            [S("Heads up, the games are on Tuesday nights from now on.")],
            [("what day do i play football", "corrected", ["tuesday"], ["thursday"]),
             ("what sport do i play", "told", ["football"], None),
             ("how many goals did i score last week", "never", None, ["you scored"])],
        ],
    },
    "dec23": {  # written 2026-12-04 (twelfth session) after dec22's fixes, before running it: their measure
        "mirela": [
            [S("Bună Milo! I'm Mirela. I volunteer at the animal shelter every Sunday morning."),
             S("My partner Andrei works as a paramedic.")],
            [S("Quick update: my shifts are on Saturday mornings now.")],
            [("When do I volunteer?", "corrected", ["saturday"], None),
             ("Where do I volunteer?", "told", ["shelter"], None),
             ("What does Andrei do?", "told", ["paramedic"], None),
             ("What's the shelter called?", "never", None, ["shelter is called", "it's called", "named"])],
        ],
        "tom": [
            [S("hi milo im tom i take my kids to swimming lessons on fridays"),
             S("my daughter is called poppy")],
            [S("oh and the pool changed it to thursdays")],
            [("when is swimming", "corrected", ["thursday"], None),
             ("whats my daughters name", "told", ["poppy"], None),
             ("how old is poppy", "never", None, ["poppy is", "she is"])],
        ],
    },
    "dec24": {  # written 2026-12-04 (thirteenth session) before any change of it: several notes on one
        # topic (a trip, a new job, a pet), each question answered by one of them in other words
        "ingrid": [
            [S("Hei Milo, I'm Ingrid. I just got back from a hiking trip in the Dolomites with my sister Astrid."),
             S("It rained most days but we saw marmots!"),
             S("My knee hurts a bit after all the downhill bits.")],
            [("Who did I go with?", "told", ["astrid"], None),
             ("What animals did we see?", "told", ["marmot"], None),
             ("Where was the trip?", "told", ["dolomites"], None),
             ("What's the name of our hotel?", "never", None, ["hotel is called", "hotel was called", "stayed at the"])],
        ],
        "kwame": [
            [S("hi milo its kwame i started a new job this week at a solar panel company"),
             S("the office is in accra near the harbour"),
             S("my manager is called efua and she seems nice")],
            [("who is my boss", "told", ["efua"], None),
             ("what does my company make", "told", ["solar"], None),
             ("how much do i earn", "never", None, ["you earn", "your salary is"])],
        ],
        "sofia": [
            [S("Hi Milo! Sofía here. We adopted a rescue cat last weekend."),
             S("She's called Luna and she's completely black."),
             S("She hides under the sofa all day.")],
            [S("Luna finally came out and sat on my lap!")],
            [("What colour is my cat?", "told", ["black"], None),
             ("Where does she hide?", "told", ["sofa"], None),
             ("How old is Luna?", "never", None, ["luna is", "she is"])],
        ],
    },
    "dec25": {  # written 2026-12-04 (thirteenth session) after the dec24 change, before running it: its measure
        "mateus": [
            [S("Olá Milo! Mateus aqui. I'm back from a week of surfing in Ericeira with my cousin Bruno."),
             S("The waves were huge on Thursday and I broke my board."),
             S("We ate grilled sardines every night.")],
            [("Who was I surfing with?", "told", ["bruno"], None),
             ("What happened to my board?", "told", ["broke"], None),
             ("What did we eat?", "told", ["sardine"], None),
             ("Which beach did we surf at first?", "never", None, ["you surfed at", "first beach was"])],
        ],
        "yuki": [
            [S("hello milo yuki here i just joined a choir at the library"),
             S("we practise on wednesday evenings"),
             S("the conductor is an old man called mr tanaka")],
            [("who leads the choir", "told", ["tanaka"], None),
             ("when do we practise", "told", ["wednesday"], None),
             ("what song are we learning", "never", None, ["you are learning", "you're learning"])],
        ],
    },
    "dec26": {  # written 2026-12-04 (thirteenth session) after the 'us' and correction changes, before running it
        "oksana": [
            [S("Pryvit Milo! It's Oksana. My husband and I went to a cooking class in Lviv with my friend Halyna."),
             S("The chef who taught us was called Taras and he was very strict."),
             S("We made varenyky with cherries.")],
            [S("Oops, small correction: Halyna is my neighbour, not my friend.")],
            [("Who taught us?", "told", ["taras"], None),
             ("What did we make?", "told", ["varenyk"], None),
             ("Who came with us?", "told", ["halyna"], None),
             ("What is Halyna to me?", "corrected", ["neighbour"], None),
             ("How much did the class cost us?", "never", None, ["cost you", "it cost", "you paid"])],
        ],
        "diego": [
            [S("hola milo its diego we went camping by the lake with my brother pablo"),
             S("a ranger called sandra showed us where to put the tent")],
            [("who helped us", "told", ["sandra"], None),
             ("where did we camp", "told", ["lake"], None),
             ("what did we cook", "never", None, ["you cooked", "you made"])],
        ],
    },
    "dec27": {  # written 2026-12-04 (fourteenth session) before any change of it: a corrected attribute
        # in a pronoun sentence, lowercase speech to text, a moved plan, questions never told
        "amara": [
            [S("Hi Milo, I'm Amara. I adopted a greyhound from a shelter last month."),
             S("He's called Biscuit and he's grey with a white chest."),
             S("He sleeps on the sofa all day.")],
            [S("Oh wait, I said grey, but Biscuit is actually brindle.")],
            [("What colour is my dog?", "corrected", ["brindle"], None),
             ("What's my dog called?", "told", ["biscuit"], None),
             ("Where does he sleep?", "told", ["sofa"], None),
             ("How old is Biscuit?", "never", None, ["years old", "months old"])],
        ],
        "kenji": [
            [S("hi milo im kenji i started cello lessons in september"),
             S("my teacher is called ingrid and she lives in the flat upstairs")],
            [S("today we played the first bach suite together")],
            [("what instrument am i learning", "told", ["cello"], None),
             ("who teaches me", "told", ["ingrid"], None),
             ("where does she live", "told", ["upstairs"], None),
             ("what piece did we play", "told", ["bach"], None),
             ("how much are my lessons", "never", None, ["euro", "dollar", "pound", "per lesson", "$"])],
        ],
        "leilani": [
            [S("Aloha Milo, Leilani here! My grandmother turns ninety on Saturday."),
             S("We're throwing her a party at my uncle Kai's house.")],
            [S("Change of plan: the party moved to the beach park instead.")],
            [("How old is my grandmother turning?", "told", ["ninety", "90"], None),
             ("Where is the party?", "corrected", ["beach"], None),
             ("What's my grandmother's name?", "never", None, ["she's called", "her name is", "grandmother is called"]),
             ("What food are we bringing?", "never", None, ["you're bringing", "you are bringing"])],
        ],
    },
    "dec28": {  # written 2026-12-04 (fourteenth session) after dec27's changes, before running it: their measure
        "tomasz": [
            [S("Cześć Milo! Tomasz here. My daughter Zofia starts swimming lessons next Tuesday."),
             S("Her coach is a tall guy called Marek."),
             S("The pool is next to the old train station.")],
            [S("Small update: the lessons are on Thursdays now, not Tuesdays.")],
            [("When are Zofia's lessons?", "corrected", ["thursday"], None),
             ("Who is her coach?", "told", ["marek"], None),
             ("Where is the pool?", "told", ["train station"], None),
             ("How old is Zofia?", "never", None, ["years old"])],
        ],
        "aisha": [
            [S("hey milo its aisha i just moved into a flat in glasgow with my friend noor"),
             S("the flat has a tiny balcony where i grow basil")],
            [S("we painted the kitchen yellow yesterday")],
            [("who do i live with", "told", ["noor"], None),
             ("what do i grow", "told", ["basil"], None),
             ("what colour is the kitchen", "told", ["yellow"], None),
             ("how much is our rent", "never", None, ["per month", "a month", "\u00a3", "pounds"])],
        ],
        "pedro": [
            [S("Hi Milo, Pedro here. I'm training for the Lisbon half marathon in March."),
             S("My running club meets every Sunday morning by the river.")],
            [("Which race am I training for?", "told", ["lisbon"], None),
             ("When does my club meet?", "told", ["sunday"], None),
             ("And where?", "told", ["river"], None),
             ("What's my best time?", "never", None, ["minutes", "your best time is"])],
        ],
    },
    "dec29": {  # written 2026-12-05 (fifteenth session) before running it or changing code: held out
        "emilie": [
            [S("Bonjour Milo, je m'appelle \u00c9milie. I work as a nurse at the children's hospital."),
             S("My brother Julien lives in Montr\u00e9al.")],
            [S("Actually Julien moved to Qu\u00e9bec City last month.")],
            [("What's my name?", "name", ["emilie"], None),
             ("Where does my brother live now?", "corrected", ["quebec"], None),
             ("What do I do for work?", "told", ["nurse"], None),
             ("What's Julien's job?", "never", None, ["he works as", "he is a", "he's a"])],
        ],
        "kofi": [
            [S("hey milo this is kofi i have a cat named pepper and she is ten"),
             S("pepper loves sleeping on the printer")],
            [S("my sister abena is visiting on saturday")],
            [("how old is pepper", "told", ["ten", "10"], None),
             ("who is visiting", "told", ["abena"], None),
             ("when is she coming", "told", ["saturday"], None),
             ("what does abena do for work", "never", None, ["she works", "she is a", "she's a"])],
        ],
        "hiroshi": [
            [S("Hi, I'm Hiroshi. I'm learning the cello and my teacher is Mrs. Ito."),
             S("My lessons are on Wednesday afternoons.")],
            [S("Scratch that, Mrs. Ito moved my lessons to Monday.")],
            [("Who teaches me?", "told", ["ito"], None),
             ("When are my lessons?", "corrected", ["monday"], None),
             ("What instrument am I learning?", "told", ["cello"], None),
             ("How long have I been playing?", "never", None, ["years", "months"])],
        ],
        "ingrid": [
            [S("Hei Milo, Ingrid here. I'm planting tulips and garlic in my garden this weekend."),
             S("My neighbour Sven lent me his wheelbarrow.")],
            [("What am I planting?", "told", ["tulip", "garlic"], None),
             ("Whose wheelbarrow am I using?", "told", ["sven"], None),
             ("Is Sven my brother?", "told", ["neighbour", "neighbor"], None),
             ("How big is my garden?", "never", None, ["square", "metres", "meters", "acre"])],
        ],
    },
    "dec30": {  # written 2026-12-05 (fifteenth session) after dec29's changes, before running it: their measure
        "lucia": [
            [S("Hola Milo, soy Luc\u00eda. My grandmother Dr. Reyes is a retired surgeon."),
             S("We're visiting her in Sevilla next Friday.")],
            [S("Change of plans, we're going on Sunday instead.")],
            [("Who is Dr. Reyes?", "told", ["grandmother"], None),
             ("When are we visiting her?", "corrected", ["sunday"], None),
             ("Where does she live?", "told", ["sevilla"], None),
             ("How old is my grandmother?", "never", None, ["years old"])],
        ],
        "tane": [
            [S("kia ora milo its tane i built a treehouse for my kids"),
             S("its about three metres off the ground")],
            [("how high is the treehouse", "told", ["three", "3"], None),
             ("who did i build it for", "told", ["kid"], None),
             ("what colour is it", "never", None, None),
             ("what are my kids names", "never", None, None)],
        ],
        "olga": [
            [S("Hello Milo, Olga here. My dentist is Dr. Petrov and my appointment is on Thursday at 3 pm."),
             S("I'm also picking up my new glasses from the optician.")],
            [S("Oops, the appointment is at 4 pm, not 3.")],
            [("Who is my dentist?", "told", ["petrov"], None),
             ("What time is my appointment?", "corrected", ["4"], None),
             ("What am I picking up?", "told", ["glasses"], None),
             ("How much do the glasses cost?", "never", None, None)],
        ],
        "samir": [
            [S("Hi Milo, I'm Samir. My son Karim just learned to ride a bike."),
             S("He fell off twice but he loved it.")],
            [("What did Karim learn?", "told", ["bike"], None),
             ("how many times did he fall", "told", ["twice", "two"], None),
             ("What's Karim's favourite colour?", "never", None, None),
             ("How old is Karim?", "never", None, ["years old"])],
        ],
    },
    "dec31": {  # written 2026-12-05 (fifteenth session) after dec30's changes, before running it: their measure
        "mei": [
            [S("Hi Milo, I'm Mei. I just adopted two rabbits."),
             S("The bigger one is called Mochi.")],
            [S("Their hutch is about two metres long.")],
            [("How many rabbits do I have?", "told", ["two", "2"], None),
             ("What's the bigger one called?", "told", ["mochi"], None),
             ("How long is the hutch?", "told", ["two", "2"], None),
             ("What's the other rabbit called?", "never", None, None)],
        ],
        "jonas": [
            [S("Moin Milo, Jonas hier. I coach my daughter's hockey team."),
             S("We won 3 games this season.")],
            [S("Actually it was 4 games, I forgot one.")],
            [("How many games did we win?", "corrected", ["4", "four"], None),
             ("What do I coach?", "told", ["hockey"], None),
             ("Who plays on the team?", "told", ["daughter"], None),
             ("What's the team called?", "never", None, None)],
        ],
        "fatima": [
            [S("salaam milo its fatima my uncle prof. haddad teaches physics at the university"),
             S("he is visiting us in june")],
            [("who teaches physics", "told", ["haddad"], None),
             ("when is he visiting", "told", ["june"], None),
             ("what is my uncles first name", "never", None, None)],
        ],
        "diego": [
            [S("Hey Milo, Diego here. My apartment is on the fifth floor and it's pretty small."),
             S("My roommate Luis plays the drums at night, which is annoying.")],
            [("How big is my apartment?", "told", ["small"], None),
             ("Which floor do I live on?", "told", ["fifth", "5"], None),
             ("What does Luis play?", "told", ["drum"], None),
             ("How much rent do I pay?", "never", None, None)],
        ],
    },
    "dec32": {  # written 2026-12-05 (fifteenth session) after dec31's changes, before running it: their measure
        "nadia": [
            [S("Hi Milo, Nadia here. I work night shifts as a baker at Mr. Brown's bakery."),
             S("I start at 4 am.")],
            [S("No wait, I start at 3 am now.")],
            [("Where do I work?", "told", ["brown"], None),
             ("What time do I start?", "corrected", ["3"], None),
             ("How much do I earn?", "never", None, None)],
        ],
        "oskar": [
            [S("hej milo oskar here i have three kids and the youngest is called ella"),
             S("ella just turned four")],
            [("how many kids do i have", "told", ["three", "3"], None),
             ("how old is ella", "told", ["four", "4"], None),
             ("whats my oldest called", "never", None, None),
             ("where do my kids go to school", "never", None, None)],
        ],
        "priya": [
            [S("Hi Milo! I'm Priya. My flat in Bristol is tiny but it has a big window."),
             S("My cat Mango sits on the windowsill all day.")],
            [S("Actually I moved to a bigger flat in Bath last week.")],
            [("Where do I live now?", "corrected", ["bath"], None),
             ("What's my cat called?", "told", ["mango"], None),
             ("How big is my new flat?", "told", ["bigger"], None),
             ("What colour is Mango?", "never", None, None)],
        ],
        "yusuf": [
            [S("Merhaba Milo, ben Yusuf. I play the oud in a small band."),
             S("We rehearse every Tuesday at Mrs. Kaya's house.")],
            [("Where do we rehearse?", "told", ["kaya"], None),
             ("When do we rehearse?", "told", ["tuesday"], None),
             ("What instrument do I play?", "told", ["oud"], None),
             ("How many people are in the band?", "never", None, None)],
        ],
    },
    "dec33": {  # written 2026-12-05 (fifteenth session) after dec32's changes, before running it: their measure
        "grace": [
            [S("Hello Milo, I'm Grace. My husband Tom is a firefighter."),
             S("We have a golden retriever called Rusty.")],
            [S("Tom just got promoted to captain!")],
            [("What does Tom do?", "told", ["firefighter", "captain"], None),
             ("What's our dog called?", "told", ["rusty"], None),
             ("What colour is Rusty?", "told", ["golden"], None),
             ("How old is Tom?", "never", None, ["years old"])],
        ],
        "ravi": [
            [S("hi milo its ravi i run a small food truck selling dosas"),
             S("the truck is parked near the stadium on weekends")],
            [("what do i sell", "told", ["dosa"], None),
             ("where is the truck on weekends", "told", ["stadium"], None),
             ("how much is a dosa", "never", None, None),
             ("whats the truck called", "never", None, None)],
        ],
        "annika": [
            [S("Hi Milo, Annika here. My yoga class is on Wednesday evenings at the gym.")],
            [S("Oh, it's not the gym anymore, it's at the park now.")],
            [("Where is my yoga class?", "corrected", ["park"], None),
             ("When is yoga?", "told", ["wednesday"], None),
             ("Who teaches my yoga class?", "never", None, None)],
        ],
        "liwei": [
            [S("Hi Milo, I'm Li Wei. I'm learning to drive and my instructor is Mr. Chen."),
             S("My test is on the 14th of January.")],
            [("Who is my driving instructor?", "told", ["chen"], None),
             ("When is my test?", "told", ["14", "january"], None),
             ("How many lessons have I had?", "never", None, None),
             ("What's my name?", "name", ["li"], None)],
        ],
    },
    "dec34": {  # written 2026-12-05 (fifteenth session) after dec33's changes, before running it: their measure
        "mateus": [
            [S("Ol\u00e1 Milo, sou Mateus. I'm a bus driver in Porto."),
             S("My wife Ana is a teacher and we have a son, Tiago.")],
            [S("Tiago is starting university in Lisbon next month.")],
            [("What does Ana do?", "told", ["teacher"], None),
             ("Where is Tiago going to university?", "told", ["lisbon"], None),
             ("What does Tiago study?", "never", None, None),
             ("What's my job?", "told", ["bus"], None)],
        ],
        "hana": [
            [S("hi milo this is hana i volunteer at the library on thursdays"),
             S("i read stories to the kids there")],
            [S("oh the library moved my shift to fridays")],
            [("when do i volunteer", "corrected", ["friday"], None),
             ("what do i do there", "told", ["stories", "read"], None),
             ("how many kids come", "never", None, None)],
        ],
        "elif": [
            [S("Merhaba! I'm Elif. I'm planning a trip to Japan in April with my friend Deniz."),
             S("We want to see the cherry blossoms in Kyoto.")],
            [S("Actually Deniz can't come, I'm going with my cousin Selin instead.")],
            [("Who am I going to Japan with?", "corrected", ["selin"], None),
             ("When is my trip?", "told", ["april"], None),
             ("What do we want to see?", "told", ["cherry", "blossom"], None),
             ("How long is the trip?", "never", None, None)],
        ],
        "owen": [
            [S("Hey Milo, Owen here. I just ran my first 10k in 52 minutes!"),
             S("My friend Dr. Patel ran it with me.")],
            [("How long did my 10k take?", "told", ["52"], None),
             ("Who ran with me?", "told", ["patel"], None),
             ("What was my friend's time?", "never", None, None)],
        ],
    },
    "dec35": {  # written 2026-12-05 (sixteenth session), before running it on that day's HEAD (1b6383a)
        "siobhan": [
            [S("Hi Milo, I'm Siobh\u00e1n. I work night shifts as a nurse in Cork."),
             S("My brother Cian lives in Boston.")],
            [S("Cian is moving back to Ireland in the summer.")],
            [("What shifts do I work?", "told", ["night"], None),
             ("Where is Cian moving?", "told", ["ireland"], None),
             ("What's Cian's job?", "never", None, None),
             ("What's my name?", "name", ["siobhan"], None)],
        ],
        "kwame": [
            [S("hey milo kwame here i grow tomatoes and peppers on my allotment"),
             S("the allotment is behind the train station")],
            [("what do i grow", "told", ["tomato", "pepper"], None),
             ("where is my allotment", "told", ["station"], None),
             ("how big is my allotment", "never", None, None),
             ("what did i plant last year", "never", None, None)],
        ],
        "ines": [
            [S("Hola Milo, soy In\u00e9s. My daughter Luc\u00eda plays the violin."),
             S("Her recital is on Saturday at the town hall.")],
            [S("Oh, the recital got moved to Sunday.")],
            [("When is Luc\u00eda's recital?", "corrected", ["sunday"], None),
             ("What instrument does my daughter play?", "told", ["violin"], None),
             ("Where is the recital?", "told", ["town hall"], None),
             ("How old is Luc\u00eda?", "never", None, ["years old"])],
        ],
        "piotr": [
            [S("Hi Milo, I'm Piotr. I've been learning Japanese for two years."),
             S("My tutor Keiko gives me lessons on Mondays.")],
            [("How long have I been learning Japanese?", "told", ["two", "2"], None),
             ("Who is my tutor?", "told", ["keiko"], None),
             ("What day are my lessons?", "told", ["monday"], None),
             ("Where does Keiko live?", "never", None, None)],
        ],
    },
    "dec36": {  # written 2026-12-05 (sixteenth session), with dec35, before running either
        "amara": [
            [S("Hi Milo! I'm Amara and I just adopted two kittens."),
             S("They're called Pepper and Salt.")],
            [("How many kittens did I adopt?", "told", ["two", "2"], None),
             ("What are my kittens called?", "told", ["pepper", "salt"], None),
             ("How old are the kittens?", "never", None, ["weeks old", "months old"]),
             ("Who am I?", "name", ["amara"], None)],
        ],
        "jonas": [
            [S("Moin Milo, Jonas hier. I repair bicycles in my garage in Hamburg.")],
            [S("Actually I rented a small shop for it now, near the harbour.")],
            [("Where do I repair bikes?", "corrected", ["shop", "harbour"], None),
             ("What city am I in?", "told", ["hamburg"], None),
             ("How much do I charge?", "never", None, None),
             ("What's my shop called?", "never", None, None)],
        ],
        "mei": [
            [S("hi milo im mei my grandma turns ninety next week"),
             S("were throwing her a party at her favourite dim sum place")],
            [("how old is my grandma turning", "told", ["ninety", "90"], None),
             ("where is the party", "told", ["dim sum"], None),
             ("whats my grandmas name", "never", None, None),
             ("who is coming to the party", "never", None, None)],
        ],
        "tomas": [
            [S("Hi Milo, Tom\u00e1s here. I coach my son's football team on Saturdays."),
             S("The team is called the Rovers and we have twelve players.")],
            [("What's the team called?", "told", ["rovers"], None),
             ("How many players are on the team?", "told", ["twelve", "12"], None),
             ("What position does my son play?", "never", None, None),
             ("What's my son's name?", "never", None, None)],
        ],
    },
    "dec37": {  # written 2026-12-05 (sixteenth session) after dec36's changes, before running it: their measure
        "fatou": [
            [S("Bonjour Milo, je m'appelle Fatou. I sell handmade jewellery at the Sunday market."),
             S("My best seller is a pair of silver earrings shaped like moons.")],
            [S("Oh and I'm now also selling at the Wednesday market.")],
            [("When do I sell at the market?", "told", ["sunday", "wednesday"], None),
             ("What's my best seller?", "told", ["earring"], None),
             ("How much do the earrings cost?", "never", None, None),
             ("What's my name?", "name", ["fatou"], None)],
        ],
        "daniel": [
            [S("hey milo its daniel my daughter zoe just started swimming lessons"),
             S("her coach is called marta")],
            [("what is my daughter doing", "told", ["swim"], None),
             ("who is zoes coach", "told", ["marta"], None),
             ("how old is zoe", "never", None, ["years old"]),
             ("where are the lessons", "never", None, None)],
        ],
        "aiko": [
            [S("Hi Milo, I'm Aiko. I'm allergic to peanuts."),
             S("My husband Ken cooks dinner most nights.")],
            [("What am I allergic to?", "told", ["peanut"], None),
             ("Who cooks dinner?", "told", ["ken"], None),
             ("What's Ken's favourite dish?", "never", None, None),
             ("Do I have any kids?", "never", None, None)],
        ],
        "lars": [
            [S("Hello Milo, Lars here. I've been a carpenter for twenty years.")],
            [S("I just finished building a dining table for my neighbour.")],
            [("How long have I been a carpenter?", "told", ["twenty", "20"], None),
             ("What did I just build?", "told", ["table"], None),
             ("Who was the table for?", "told", ["neighbour", "neighbor"], None),
             ("What's my neighbour's name?", "never", None, None)],
        ],
    },
    "dec38": {  # written 2026-12-05 (sixteenth session), with dec37, before running either
        "noa": [
            [S("Shalom Milo! I'm Noa and I play the cello in a youth orchestra."),
             S("Our concert is on the 3rd of March.")],
            [S("The concert got pushed back to the 10th of March.")],
            [("When is our concert?", "corrected", ["10"], None),
             ("What instrument do I play?", "told", ["cello"], None),
             ("What are we playing at the concert?", "never", None, None),
             ("Who conducts the orchestra?", "never", None, None)],
        ],
        "emeka": [
            [S("hi milo emeka here i just got a new job as a pharmacist"),
             S("i start on monday at the hospital in enugu")],
            [("what is my new job", "told", ["pharmacist"], None),
             ("where do i start", "told", ["hospital", "enugu"], None),
             ("when do i start", "told", ["monday"], None),
             ("how much will i earn", "never", None, None)],
        ],
        "sanna": [
            [S("Hej Milo, I'm Sanna. I have a horse called Blixten."),
             S("I ride him every morning before work.")],
            [("What's my horse called?", "told", ["blixten"], None),
             ("When do I ride?", "told", ["morning"], None),
             ("What colour is Blixten?", "never", None, None),
             ("Where do I work?", "never", None, None)],
        ],
        "rafael": [
            [S("Ol\u00e1 Milo, Rafael aqui. My grandmother taught me to make past\u00e9is de nata.")],
            [("What did my grandmother teach me?", "told", ["pasteis", "nata"], None),
             ("Who taught me to bake?", "told", ["grandmother", "grandma"], None),
             ("Where does my grandmother live?", "never", None, None),
             ("What's my grandmother's name?", "never", None, None)],
        ],
    },
    "dec39": {  # written 2026-12-05 (sixteenth session) after dec38's changes, before running it: their measure
        "ngozi": [
            [S("Good evening Milo, I'm Ngozi. I teach piano to children after school, and on weekends I sing in a church choir.")],
            [S("One of my students, Ada, just passed her grade five exam!")],
            [("What do I teach?", "told", ["piano"], None),
             ("Who passed an exam?", "told", ["ada"], None),
             ("Which grade did Ada pass?", "told", ["five", "5"], None),
             ("How many students do I have?", "never", None, None)],
        ],
        "matteo": [
            [S("ciao milo sono matteo i just moved into a flat in turin with my girlfriend giulia"),
             S("we dont have any furniture yet so were sleeping on a mattress on the floor")],
            [("do you remember where i moved", "told", ["turin"], None),
             ("who do i live with", "told", ["giulia"], None),
             ("what do we sleep on", "told", ["mattress"], None),
             ("how much is the rent", "never", None, None)],
        ],
        "hyejin": [
            [S("Hi Milo, Hyejin here. I'm training my dog Bori to fetch, but she only brings back socks.")],
            [S("Update: Bori finally brought back the ball today!")],
            [("What is Bori learning?", "told", ["fetch"], None),
             ("What did Bori bring back today?", "corrected", ["ball"], None),
             ("What breed is Bori?", "never", None, None),
             ("Who am I?", "name", ["hyejin"], None)],
        ],
    },
    "dec40": {  # written 2026-12-05 (sixteenth session), with dec39, before running either
        "olu": [
            [S("Hey Milo, it's Olu. My car broke down on the motorway this morning."),
             S("A mechanic called Dave towed it to his garage.")],
            [("What happened to my car?", "told", ["broke"], None),
             ("Who towed my car?", "told", ["dave"], None),
             ("How much will the repair cost?", "never", None, None),
             ("What kind of car do I have?", "never", None, None)],
        ],
        "camille": [
            [S("Salut Milo! Camille ici. I'm knitting a scarf for my dad's birthday."),
             S("It's blue and grey, his favourite colours.")],
            [S("Actually I changed my mind, I'm making him a hat instead.")],
            [("What am I knitting for my dad?", "corrected", ["hat"], None),
             ("What colours does my dad like?", "told", ["blue", "grey", "gray"], None),
             ("When is my dad's birthday?", "never", None, None),
             ("What's my dad's name?", "never", None, None)],
        ],
        "arjun": [
            [S("hello milo arjun here my sister priya is getting married in goa in december")],
            [("where is priyas wedding", "told", ["goa"], None),
             ("when is the wedding", "told", ["december"], None),
             ("who is priya marrying", "never", None, None),
             ("how many guests are coming", "never", None, None)],
        ],
    },
    "dec41": {  # written 2026-12-05 (seventeenth session), with dec42, before running either
        "dmitri": [
            [S("Hi Milo, I'm Dmitri. I play tennis every Saturday with my neighbour Oleg.")],
            [S("I don't play tennis anymore, I hurt my wrist. I've started swimming instead.")],
            [("What sport do I do now?", "corrected", ["swim"], None),
             ("Who did I play tennis with?", "told", ["oleg"], None),
             ("What did I hurt?", "told", ["wrist"], None),
             ("How old is Oleg?", "never", None, None)],
        ],
        "amara": [
            [S("milo its amara my daughter zuri starts primary school next week she is so excited"),
             S("her teacher is called mrs okafor")],
            [("what is my daughters name", "told", ["zuri"], None),
             ("who is zuris teacher", "told", ["okafor"], None),
             ("what school does zuri go to", "never", None, None),
             ("how old is zuri", "never", None, None)],
        ],
        "lucia": [
            [S("Hola Milo, soy Luc\u00eda. Estoy aprendiendo a tocar la guitarra."),
             S("My teacher Andr\u00e9s says I need to practise more.")],
            [("What instrument am I learning?", "told", ["guitar"], None),
             ("Who is my teacher?", "told", ["andres"], None),
             ("How long have I been playing?", "never", None, None),
             ("\u00bfC\u00f3mo me llamo?", "name", ["lucia"], None)],
        ],
    },
    "dec42": {  # written 2026-12-05 (seventeenth session), with dec41, before running either
        "kenji": [
            [S("Hi Milo, Kenji here. I'm planning a trip to Iceland in March with two friends.")],
            [S("Change of plans: we're going to Norway instead, same dates.")],
            [("Where am I travelling to?", "corrected", ["norway"], None),
             ("When is the trip?", "told", ["march"], None),
             ("How many friends are coming with me?", "told", ["two", "2"], None),
             ("What are my friends' names?", "never", None, None)],
        ],
        "fatima": [
            [S("Hi Milo, I'm Fatima. I run a small bakery in Marseille. My best seller is almond croissants.")],
            [("What do I sell the most?", "told", ["almond", "croissant"], None),
             ("Where is my bakery?", "told", ["marseille"], None),
             ("How many people work at my bakery?", "never", None, None),
             ("What time does my bakery open?", "never", None, None)],
        ],
        "tom": [
            [S("hey milo its tom. my cat pickle has been sick, the vet said she has a kidney problem")],
            [S("good news, pickle is eating again")],
            [("what is wrong with pickle", "told", ["kidney"], None),
             ("who is pickle", "told", ["cat"], None),
             ("how much does the vet cost", "never", None, None),
             ("what is the vets name", "never", None, None)],
        ],
    },
    "dec43": {  # written 2026-12-05 (seventeenth session) after dec41/dec42's fixes, before running it
        "sione": [
            [S("Talofa Milo! I'm Sione. I coach a rugby team of under-12s in Auckland."),
             S("Our big match is on Saturday against Ponsonby.")],
            [S("The match got rained off, it's next Saturday now.")],
            [("When is our match?", "corrected", ["next saturday"], None),
             ("Who are we playing?", "told", ["ponsonby"], None),
             ("What do I coach?", "told", ["rugby"], None),
             ("How many players are on my team?", "never", None, None)],
        ],
        "ines": [
            [S("bonjour milo je suis in\u00e8s, i work as a nurse in lyon"),
             S("my brother hugo is visiting me next weekend")],
            [("what is my job", "told", ["nurse"], None),
             ("who is visiting me", "told", ["hugo"], None),
             ("where does hugo live", "never", None, None),
             ("what's my name", "name", ["ines"], None)],
        ],
        "grace": [
            [S("Hi Milo, Grace here. I've been growing tomatoes on my balcony."),
             S("The squirrels keep stealing them, it's so annoying!")],
            [("What am I growing?", "told", ["tomato"], None),
             ("What keeps stealing my tomatoes?", "told", ["squirrel"], None),
             ("How many tomato plants do I have?", "never", None, None),
             ("What variety of tomatoes are they?", "never", None, None)],
        ],
    },
    "dec44": {  # written 2026-12-05 (seventeenth session), with dec43, before running either
        "yusuf": [
            [S("Hey Milo, I'm Yusuf. I started a new job as a software engineer at a bank last month.")],
            [S("My manager is called Helen, she's really nice."),
             S("I'm not enjoying the commute though, it's an hour each way.")],
            [("What's my new job?", "told", ["software"], None),
             ("Who is my manager?", "told", ["helen"], None),
             ("How long is my commute?", "told", ["hour"], None),
             ("Which bank do I work at?", "never", None, None)],
        ],
        "mei": [
            [S("hi milo its mei i have a piano recital on friday and im really nervous")],
            [("what am i nervous about", "told", ["recital", "piano"], None),
             ("when is the recital", "told", ["friday"], None),
             ("what piece am i playing", "never", None, None),
             ("who is my piano teacher", "never", None, None)],
        ],
        "anders": [
            [S("Hej Milo, Anders here. My wife Karin and I are renovating our kitchen."),
             S("We picked dark green cabinets.")],
            [S("Karin changed her mind, the cabinets will be white now.")],
            [("What colour are the cabinets?", "corrected", ["white"], None),
             ("What are we renovating?", "told", ["kitchen"], None),
             ("Who is Karin?", "told", ["wife"], None),
             ("How much is the renovation costing?", "never", None, None)],
        ],
    },
    "dec45": {  # written 2026-12-05 (seventeenth session) after dec43/dec44's fixes, before running it
        "priyanka": [
            [S("Hi Milo! Priyanka here. I'm a pharmacist and I just got a puppy, a beagle called Pepper.")],
            [S("Pepper chewed my favourite shoes today, ugh.")],
            [("What kind of dog do I have?", "told", ["beagle"], None),
             ("What did Pepper chew?", "told", ["shoe"], None),
             ("What's my job?", "told", ["pharmacist"], None),
             ("How old is Pepper?", "never", None, None)],
        ],
        "joao": [
            [S("oi milo aqui \u00e9 o jo\u00e3o. i'm saving up for a motorbike"),
             S("i've saved about half of it so far")],
            [("what am i saving for", "told", ["motorbike"], None),
             ("how much have i saved", "told", ["half"], None),
             ("what brand is the motorbike", "never", None, None),
             ("whats my name", "name", ["joao"], None)],
        ],
        "siobhan": [
            [S("Hiya Milo, Siobh\u00e1n here. My book club is reading Middlemarch this month.")],
            [S("We switched to a shorter book, Mrs Dalloway, because nobody was finishing it.")],
            [("What is my book club reading?", "corrected", ["dalloway"], None),
             ("Why did we switch books?", "told", ["finish", "short"], None),
             ("When does my book club meet?", "never", None, None),
             ("Who runs the book club?", "never", None, None)],
        ],
    },
    "dec46": {  # written 2026-12-05 (seventeenth session), with dec45, before running either
        "kwame": [
            [S("Hello Milo, I'm Kwame. I teach history at a secondary school in Kumasi."),
             S("My twin boys, Kofi and Kojo, turn eight next month.")],
            [("What do I teach?", "told", ["history"], None),
             ("What are my sons called?", "told", ["kofi", "kojo"], None),
             ("How old will the twins be?", "told", ["eight", "8"], None),
             ("What's my wife's name?", "never", None, None)],
        ],
        "elena": [
            [S("ciao milo, elena here, i'm running my first marathon in rome in april")],
            [S("i pulled a muscle in my calf so i might not make it")],
            [("where is my marathon", "told", ["rome"], None),
             ("what did i hurt", "told", ["calf"], None),
             ("what is my target time", "never", None, None),
             ("who is running with me", "never", None, None)],
        ],
        "hiroshi": [
            [S("Hi Milo, this is Hiroshi. My daughter Aiko is learning to ride a bike."),
             S("She fell off twice yesterday but she didn't cry.")],
            [("Who is learning to ride a bike?", "told", ["aiko"], None),
             ("How many times did Aiko fall?", "told", ["twice", "two", "2"], None),
             ("What colour is Aiko's bike?", "never", None, None),
             ("How old is Aiko?", "never", None, None)],
        ],
    },
    "dec47": {  # written 2026-12-05 (eighteenth session), with dec48 and dec49, before running any;
        # "world" questions (new kind) ask of a kind of thing the user told one of
        "marisol": [
            [S("Hola Milo, soy Marisol. I keep three hens in my backyard."),
             S("One of them, Paprika, stopped laying last week.")],
            [("How many hens do I keep?", "told", ["three", "3"], None),
             ("How many eggs does a hen lay in a year?", "world", ["egg", "year", "300", "250", "200"], None),
             ("Which hen stopped laying?", "told", ["paprika"], None),
             ("How old is Paprika?", "never", None, None)],
        ],
        "declan": [
            [S("hi milo declan here, me and my son built a telescope out of a kit")],
            [S("we looked at saturn on friday night, you could see the rings")],
            [("what did we build", "told", ["telescope"], None),
             ("how far away is saturn", "world", ["million", "billion", "km", "kilomet", "miles"], None),
             ("what did we look at", "told", ["saturn"], None),
             ("how much did the telescope cost", "never", None, None)],
        ],
        "yuki": [
            [S("Hi, I'm Yuki. I started learning the shamisen, a Japanese string instrument."),
             S("My teacher, Mr. Tanaka, says my posture is getting better.")],
            [("What instrument am I learning?", "told", ["shamisen"], None),
             ("How many strings does a shamisen have?", "world", ["three", "3"], None),
             ("Who is my teacher?", "told", ["tanaka"], None),
             ("When are my lessons?", "never", None, None)],
        ],
    },
    "dec48": {
        "oskar": [
            [S("Hello Milo, Oskar here. I drive a tram in Gothenburg."),
             S("My route goes past the big fish market.")],
            [("What do I drive?", "told", ["tram"], None),
             ("What does my route go past?", "told", ["fish market"], None),
             ("When were trams invented?", "world", ["18", "century"], None),
             ("What number is my tram?", "never", None, None)],
        ],
        "aaliyah": [
            [S("Hey Milo! It's Aaliyah. We just got a rescue greyhound called Dash.")],
            [S("Dash is scared of the stairs, so he sleeps downstairs.")],
            [("What's our dog called?", "told", ["dash"], None),
             ("Where does Dash sleep?", "told", ["downstairs"], None),
             ("How fast can greyhounds run?", "world", ["mph", "km", "miles", "kilomet", "fast"], None),
             ("How old is Dash?", "never", None, None)],
        ],
        "tomas": [
            [S("Hi Milo, I'm Tomás. I'm growing chillies on my balcony this summer."),
             S("The hottest ones are the habaneros.")],
            [("What am I growing?", "told", ["chilli", "chile", "pepper"], None),
             ("Which are the hottest?", "told", ["habanero"], None),
             ("What makes chillies hot?", "world", ["capsaicin"], None),
             ("How many plants do I have?", "never", None, None)],
        ],
    },
    "dec49": {
        "ngozi": [
            [S("Good evening Milo, I'm Ngozi. I'm a nurse on a children's ward."),
             S("I work nights this week, so I sleep in the mornings.")],
            [("What is my job?", "told", ["nurse"], None),
             ("When do I sleep this week?", "told", ["morning"], None),
             ("How many hours of sleep does an adult need?", "world", ["7", "8", "9", "seven", "eight", "nine"], None),
             ("Which hospital do I work at?", "never", None, None)],
        ],
        "bjorn": [
            [S("hej milo its bjorn, my daughter freya is learning to knit")],
            [S("she is making a scarf for her grandpa, a blue one")],
            [("who is freya knitting for", "told", ["grandpa", "grandfather"], None),
             ("what colour is the scarf", "told", ["blue"], None),
             ("what is wool made from", "world", ["sheep", "fleece", "hair", "animal"], None),
             ("how old is freya", "never", None, None)],
        ],
        "camille": [
            [S("Bonjour Milo, I'm Camille. I visited the volcano on Réunion island in May."),
             S("We hiked up to the crater at sunrise.")],
            [("Where did I go in May?", "told", ["réunion", "reunion", "volcano"], None),
             ("Why do volcanoes erupt?", "world", ["magma", "pressure", "gas", "lava"], None),
             ("When did we hike up?", "told", ["sunrise"], None),
             ("Who did I go with?", "never", None, None)],
        ],
    },
    "dec50": {  # written 2026-12-05 (eighteenth session) after dec47-dec49's fixes, with dec51, before running either
        "ines": [
            [S("Olá Milo, I'm Inês. My son Rui just started playing the trumpet."),
             S("He practises every evening after dinner, the neighbours are very patient.")],
            [("What does Rui play?", "told", ["trumpet"], None),
             ("When does Rui practise?", "told", ["evening", "dinner"], None),
             ("How long is a trumpet if you unroll it?", "world", ["metre", "meter", "feet", "foot", "cm", "inch"], None),
             ("Who is Rui's teacher?", "never", None, None)],
        ],
        "farouk": [
            [S("hi milo farouk here, i run a small bike repair shop by the canal")],
            [S("we fixed forty bikes last week, a record")],
            [("what kind of shop do i run", "told", ["bike"], None),
             ("how many bikes did we fix last week", "told", ["forty", "40"], None),
             ("how many gears does a bike have", "world", ["gear"], None),
             ("what is my shop called", "never", None, None)],
        ],
        "lena": [
            [S("Hi Milo, it's Lena. My grandmother turns ninety on Sunday!"),
             S("She still swims in the sea every morning.")],
            [("How old will my grandmother be?", "told", ["ninety", "90"], None),
             ("What does she do every morning?", "told", ["swim"], None),
             ("Is swimming in cold sea water healthy?", "world", ["circulation", "health", "immune", "benefit", "good"], None),
             ("What is my grandmother's name?", "never", None, None)],
        ],
    },
    "dec51": {
        "kemal": [
            [S("Merhaba Milo, ben Kemal. I'm a ferry captain on the Bosphorus."),
             S("My ferry is forty years old but she still runs beautifully.")],
            [("What is my job?", "told", ["ferry", "captain"], None),
             ("How old is my ferry?", "told", ["forty", "40"], None),
             ("How wide is the Bosphorus?", "world", ["km", "kilomet", "metre", "meter", "mile"], None),
             ("What is my ferry called?", "never", None, None)],
        ],
        "priya": [
            [S("hey milo its priya, my cat mochi had three kittens last night")],
            [S("they are all grey except one which is white")],
            [("how many kittens did mochi have", "told", ["three", "3"], None),
             ("what colour are the kittens", "told", ["grey", "gray", "white"], None),
             ("how long do kittens stay with their mother", "world", ["week", "month"], None),
             ("what are the kittens called", "never", None, None)],
        ],
        "sven": [
            [S("Hello Milo, I'm Sven. I'm building a wooden boat in my garage."),
             S("It will be six metres long when it's finished.")],
            [("What am I building?", "told", ["boat"], None),
             ("How long will the boat be?", "told", ["six", "6"], None),
             ("What wood is best for boats?", "world", ["oak", "cedar", "mahogany", "teak", "pine", "larch", "spruce"], None),
             ("When will the boat be finished?", "never", None, None)],
        ],
    },
    "dec52": {  # written 2026-12-05 (nineteenth session), with dec53 and dec54, before running any
        "giorgos": [
            [S("Hi Milo, my name is \u0393\u03b9\u03ce\u03c1\u03b3\u03bf\u03c2. I keep bees on the island of Naxos."),
             S("This summer the hives gave almost sixty kilos of thyme honey.")],
            [("What do I keep?", "told", ["bee"], None),
             ("How much honey did we get this summer?", "told", ["sixty", "60"], None),
             ("How do bees make honey?", "world", ["nectar"], None),
             ("How many hives do I have?", "never", None, None)],
        ],
        "amara": [
            [S("hey milo amara here my daughter kemi starts primary school on monday")],
            [S("actually they moved it, she starts on wednesday now")],
            [("when does kemi start school", "corrected", ["wednesday"], None),
             ("who is kemi", "told", ["daughter"], None),
             ("what is kemis teachers name", "never", None, None),
             ("whats my name", "name", ["amara"], None)],
        ],
        "olek": [
            [S("Cze\u015b\u0107 Milo, I'm Olek. I drive a tram in Krak\u00f3w, mostly the number 8 line.")],
            [S("Tomorrow I'm training a new driver, her name is Zofia.")],
            [("What do I drive?", "told", ["tram"], None),
             ("Who am I training?", "told", ["zofia"], None),
             ("Which line do I drive?", "told", ["8", "eight"], None),
             ("How long have I been a driver?", "never", None, None)],
        ],
    },
    "dec53": {  # written 2026-12-05 (nineteenth session), with dec52 and dec54, before running any
        "mira": [
            [S("Hello Milo, I'm Mira. I'm knitting a scarf for my dad's birthday."),
             S("It's going to be blue and yellow, his football team's colours.")],
            [("What am I knitting?", "told", ["scarf"], None),
             ("What colours is the scarf?", "told", ["blue", "yellow"], None),
             ("When is my dad's birthday?", "never", None, None),
             ("Which team does my dad support?", "never", None, None)],
        ],
        "tariq": [
            [S("salaam milo its tariq, i just passed my driving test on the third try")],
            [S("my uncle is lending me his old toyota until i can buy my own car")],
            [("what did i pass", "told", ["driving"], None),
             ("whose car am i borrowing", "told", ["uncle"], None),
             ("how many tries did it take me", "told", ["third", "three", "3"], None),
             ("what colour is the toyota", "never", None, None)],
        ],
        "hana": [
            [S("Hi Milo, I'm Hana. I moved to Vancouver in the spring for a job at an aquarium."),
             S("I look after the sea otters there.")],
            [S("Sorry, I meant I moved in the autumn, not the spring.")],
            [("When did I move to Vancouver?", "corrected", ["autumn", "fall"], None),
             ("Which animals do I look after?", "told", ["otter"], None),
             ("What do sea otters eat?", "world", ["urchin", "clam", "crab", "shellfish", "fish", "mussel"], None),
             ("What's my name?", "name", ["hana"], None)],
        ],
    },
    "dec54": {  # written 2026-12-05 (nineteenth session), with dec52 and dec53, before running any
        "chen": [
            [S("\u4f60\u597d Milo, \u6211\u53eb\u9648\u9759. You can call me Jing. I teach maths at a high school."),
             S("My students have a big exam next Thursday.")],
            [("What subject do I teach?", "told", ["math"], None),
             ("When is my students' exam?", "told", ["thursday"], None),
             ("How many students are in my class?", "never", None, None),
             ("What's my name?", "name", ["jing", "\u9648\u9759"], None)],
        ],
        "bruno": [
            [S("hi milo bruno here, i play bass in a jazz band on weekends")],
            [S("our drummer pedro is moving to lisbon so we need a new one")],
            [("what do i play", "told", ["bass"], None),
             ("why do we need a new drummer", "told", ["lisbon", "moving"], None),
             ("what is the name of my band", "never", None, None),
             ("how many strings does a bass guitar have", "world", ["four", "4", "five", "5"], None)],
        ],
        "eilidh": [
            [S("Hiya Milo, it's Eilidh. I'm training for a hill race up Ben Nevis in June."),
             S("I run up Arthur's Seat three times a week to practise.")],
            [("What am I training for?", "told", ["race", "ben nevis"], None),
             ("How often do I practise?", "told", ["three", "3"], None),
             ("How tall is Ben Nevis?", "world", ["1345", "1,345", "1344", "4411", "4,411", "4413", "metre", "meter", "feet"], None),
             ("What time did I get last year?", "never", None, None)],
        ],
    },
    "dec55": {  # written 2026-12-05 (nineteenth session) after dec52-dec54's fixes, with dec56, before running either
        "noor": [
            [S("Hi Milo, I'm Noor. My husband Sami and I just adopted a rescue greyhound called Dash."),
             S("He's seven and very shy around other dogs.")],
            [("What kind of dog did we adopt?", "told", ["greyhound"], None),
             ("How old is Dash?", "told", ["seven", "7"], None),
             ("Which shelter did we get Dash from?", "never", None, None),
             ("How fast can a greyhound run?", "world", ["km", "mph", "mile", "kilomet", "45", "70", "40", "fast"], None)],
        ],
        "mateus": [
            [S("e a\u00ed milo, mateus aqui. i work at a coffee roastery in porto")],
            [S("my boss rita wants me to run the new tasting room from january")],
            [("where do i work", "told", ["roastery", "coffee"], None),
             ("who is rita", "told", ["boss"], None),
             ("when do i start running the tasting room", "told", ["january"], None),
             ("what is the roastery called", "never", None, None)],
        ],
        "agnieszka": [
            [S("Hello Milo, Agnieszka here. I sing in a choir and our winter concert is on the 14th."),
             S("I have a small solo in the second half.")],
            [S("The concert got moved to the 21st because the hall flooded.")],
            [("When is our winter concert?", "corrected", ["21"], ["14th"]),
             ("What do I do in the concert?", "told", ["solo"], None),
             ("What song is my solo in?", "never", None, None),
             ("Why was the concert moved?", "told", ["flood"], None)],
        ],
    },
    "dec56": {  # written 2026-12-05 (nineteenth session) after dec52-dec54's fixes, with dec55, before running either
        "kofi": [
            [S("hey milo its kofi, my twin sisters ama and esi turn sixteen next week")],
            [S("we are throwing them a surprise party at my aunts house")],
            [("how old are my sisters turning", "told", ["sixteen", "16"], None),
             ("where is the party", "told", ["aunt"], None),
             ("what are my sisters called", "told", ["ama", "esi"], None),
             ("what is my aunts name", "never", None, None)],
        ],
        "ingrid": [
            [S("Hi Milo! Ingrid here. I'm repainting my old sailboat, she's called Solveig."),
             S("The hull will be dark red this time.")],
            [("What is my boat called?", "told", ["solveig"], None),
             ("What colour will the hull be?", "told", ["red"], None),
             ("How long is my sailboat?", "never", None, None),
             ("Why do boats need antifouling paint?", "world", ["barnacle", "algae", "growth", "organism", "weed", "marine"], None)],
        ],
        "raj": [
            [S("Hello Milo, I'm Raj. I've been learning to make sourdough for two months.")],
            [S("My starter is called Gerald and he lives in the fridge.")],
            [("How long have I been making sourdough?", "told", ["two months", "2 months"], None),
             ("What is my starter called?", "told", ["gerald"], None),
             ("Which flour do I use?", "never", None, None),
             ("What's my name?", "name", ["raj"], None)],
        ],
    },
    "dec57": {  # written 2026-12-05 (twentieth session), with dec58 and dec59, before running any
        "lucia": [
            [S("hola milo, soy Luc\u00eda. I'm a nurse on a night shift in Valencia."),
             S("My brother Tom\u00e1s is visiting from Buenos Aires next weekend.")],
            [("What do I do for a living?", "told", ["nurse"], None),
             ("Where is my brother coming from?", "told", ["buenos aires"], None),
             ("Which hospital do I work at?", "never", None, None),
             ("What's my name?", "name", ["lucia"], None)],
        ],
        "haruto": [
            [S("hi milo its haruto, im building a wooden bookshelf for my daughter yui")],
            [S("i finished the frame yesterday, the shelves are next")],
            [("what am i building", "told", ["bookshelf", "shelf"], None),
             ("who is the bookshelf for", "told", ["yui", "daughter"], None),
             ("what wood am i using", "never", None, None),
             ("what glue works best on wood", "world", ["pva", "wood glue", "polyurethane", "epoxy", "yellow", "titebond", "glue"], None)],
        ],
        "fatima": [
            [S("Hello Milo, Fatima here. My son Omar plays the violin and has a recital on Friday."),
             S("He's been practising a Vivaldi piece for weeks.")],
            [S("Actually the recital is on Saturday, not Friday.")],
            [("When is Omar's recital?", "corrected", ["saturday"], ["friday"]),
             ("What instrument does Omar play?", "told", ["violin"], None),
             ("Who is Omar's teacher?", "never", None, None),
             ("Which composer is Omar practising?", "told", ["vivaldi"], None)],
        ],
    },
    "dec58": {  # written 2026-12-05 (twentieth session), with dec57 and dec59, before running any
        "sipho": [
            [S("Hey Milo, I'm Sipho. I coach an under-12 football team on Saturdays."),
             S("We won our first match four nil last week!")],
            [("What age group do I coach?", "told", ["12", "twelve"], None),
             ("What was the score of our first match?", "told", ["four", "4"], None),
             ("What is my team called?", "never", None, None),
             ("How long is a football match?", "world", ["90", "ninety", "minutes", "45", "half"], None)],
        ],
        "elif": [
            [S("merhaba milo, ben Elif. my grandmother turns ninety on sunday")],
            [S("we're making her favourite baklava for the party")],
            [("how old is my grandmother turning", "told", ["ninety", "90"], None),
             ("what are we making for the party", "told", ["baklava"], None),
             ("what is my grandmothers name", "never", None, None),
             ("whats my name", "name", ["elif"], None)],
        ],
        "olivia": [
            [S("Hi Milo, it's Olivia. I just started learning the cello at 40!")],
            [S("My teacher says my bow hold is getting better."),
             S("Sorry, I meant I started at 42, not 40.")],
            [("How old was I when I started the cello?", "corrected", ["42", "forty-two", "forty two"], ["40 ", "forty "]),
             ("What is getting better?", "told", ["bow"], None),
             ("How much do my lessons cost?", "never", None, None),
             ("How many strings does a cello have?", "world", ["four", "4"], None)],
        ],
    },
    "dec59": {  # written 2026-12-05 (twentieth session), with dec57 and dec58, before running any
        "dmitri": [
            [S("\u041f\u0440\u0438\u0432\u0435\u0442 Milo! I'm \u0414\u043c\u0438\u0442\u0440\u0438\u0439, call me Dima. I repair old radios as a hobby."),
             S("Right now I'm fixing a 1950s valve radio I found at a flea market.")],
            [("What is my hobby?", "told", ["radio"], None),
             ("Where did I find the radio?", "told", ["flea market"], None),
             ("How much did I pay for it?", "never", None, None),
             ("What's my name?", "name", ["dima", "\u0434\u043c\u0438\u0442\u0440\u0438\u0439"], None)],
        ],
        "amara": [
            [S("hi milo amara here, my partner chidi and i are moving to a flat in glasgow")],
            [S("the move is on the 9th and chidi starts his new job at the university the week after")],
            [("where are we moving", "told", ["glasgow"], None),
             ("when is the move", "told", ["9"], None),
             ("what does chidi teach", "never", None, None),
             ("where will chidi work", "told", ["universit"], None)],
        ],
        "hamish": [
            [S("Hello Milo, Hamish here. I keep two beehives in my back garden."),
             S("This summer they made about twelve jars of honey.")],
            [("How many hives do I have?", "told", ["two", "2"], None),
             ("How much honey did I get this summer?", "told", ["twelve", "12"], None),
             ("What colour are my hives?", "never", None, None),
             ("Why do bees make honey?", "world", ["winter", "food", "store", "energy", "feed"], None)],
        ],
    },
    "dec60": {  # written 2026-12-05 (twentieth session) after dec57-dec59's fixes, with dec61-dec62, before running any
        "wanjiru": [
            [S("Habari Milo, mimi ni Wanjiru. I run a tailoring shop in Nairobi."),
             S("My apprentice Baraka started this month.")],
            [("What kind of shop do I run?", "told", ["tailor"], None),
             ("Who is Baraka?", "told", ["apprentice"], None),
             ("How many customers do I have?", "never", None, None),
             ("What's my name?", "name", ["wanjiru"], None)],
        ],
        "pierre": [
            [S("salut milo c'est pierre, i'm training my dog rex for agility competitions")],
            [S("rex won a ribbon last saturday")],
            [("what is my dog training for", "told", ["agility"], None),
             ("when did rex win a ribbon", "told", ["saturday"], None),
             ("what breed is rex", "never", None, None),
             ("what colour was the ribbon", "never", None, None)],
        ],
        "yuki": [
            [S("Hi Milo, I'm Yuki. I'm knitting a sweater for my dad's birthday in March."),
             S("It's dark green with a cable pattern.")],
            [S("Actually his birthday is in April, not March.")],
            [("When is my dad's birthday?", "corrected", ["april"], ["march"]),
             ("What colour is the sweater?", "told", ["green"], None),
             ("What size is the sweater?", "never", None, None),
             ("How do you block a knitted sweater?", "world", ["water", "wet", "soak", "steam", "pin", "dry"], None)],
        ],
    },
    "dec61": {  # written 2026-12-05 (twentieth session) after dec57-dec59's fixes, with dec60 and dec62, before running any
        "kwabena": [
            [S("Hello Milo, Kwabena here. I drive a delivery van for a bakery."),
             S("I start at four in the morning.")],
            [("What do I drive?", "told", ["van"], None),
             ("What time do I start?", "told", ["four", "4"], None),
             ("Which bakery do I work for?", "never", None, None),
             ("What's my name?", "name", ["kwabena"], None)],
        ],
        "sofia": [
            [S("ciao milo, sono Sofia. my sister chiara is getting married in june")],
            [S("i'm making the cake, three tiers with lemon")],
            [("who is getting married", "told", ["chiara", "sister"], None),
             ("how many tiers will the cake have", "told", ["three", "3"], None),
             ("who is chiara marrying", "never", None, None),
             ("what flavour is the cake", "told", ["lemon"], None)],
        ],
        "arjun": [
            [S("Hey Milo! Arjun here. I've started growing chillies on my windowsill."),
             S("I have five plants and the biggest one has twelve chillies.")],
            [("How many plants do I have?", "told", ["five", "5"], None),
             ("Where do I grow chillies?", "told", ["windowsill"], None),
             ("What variety are my chillies?", "never", None, None),
             ("Why are chillies spicy?", "world", ["capsaicin"], None)],
        ],
    },
    "dec62": {  # written 2026-12-05 (twentieth session) after dec57-dec59's fixes, with dec60 and dec61, before running any
        "mei": [
            [S("\u4f60\u597d Milo! \u6211\u662f\u7f8e\u73b2, call me Mei. I work as a translator from home."),
             S("My cat Tofu sits on my keyboard all day.")],
            [("What is my job?", "told", ["translat"], None),
             ("What's my cat called?", "told", ["tofu"], None),
             ("How old is Tofu?", "never", None, None),
             ("What's my name?", "name", ["mei", "\u7f8e\u73b2"], None)],
        ],
        "diego": [
            [S("hola milo soy diego, i just bought a used motorbike, a red honda")],
            [S("i'm taking my riding test on the 3rd")],
            [("what did i buy", "told", ["motorbike", "honda"], None),
             ("when is my riding test", "told", ["3"], None),
             ("how much did the motorbike cost", "never", None, None),
             ("what colour is my motorbike", "told", ["red"], None)],
        ],
        "greta": [
            [S("Hi Milo, I'm Greta. My son Leo started guitar lessons on Mondays.")],
            [S("Sorry, I meant Tuesdays, not Mondays."),
             S("His teacher is called Marco.")],
            [("When are Leo's guitar lessons?", "corrected", ["tuesday"], ["monday"]),
             ("Who teaches Leo?", "told", ["marco"], None),
             ("What guitar does Leo have?", "never", None, None),
             ("How many strings does a guitar have?", "world", ["six", "6"], None)],
        ],
    },
    "dec63": {  # written 2026-12-05 (twenty-first session) after dec60-dec62's fixes, with dec64-dec65, before running any
        "joao": [
            [S("Olá Milo! Sou o João. I'm a lifeguard at a beach in Porto."),
             S("My shift starts at nine and I work weekends.")],
            [("Where do I work?", "told", ["beach", "porto"], None),
             ("When does my shift start?", "told", ["nine", "9"], None),
             ("How long have I been a lifeguard?", "never", None, None),
             ("What's my name?", "name", ["joao"], None)],
        ],
        "hana": [
            [S("hi milo im hana my grandma is teaching me to make kimchi")],
            [S("we made two big jars yesterday")],
            [("who is teaching me to make kimchi", "told", ["grandma", "grandmother"], None),
             ("how many jars did we make", "told", ["two", "2"], None),
             ("what is my grandma's name", "never", None, None),
             ("what vegetable is kimchi usually made from", "world", ["cabbage"], None)],
        ],
        "lukas": [
            [S("Hallo Milo, ich bin Lukas. I play the trumpet in a brass band.")],
            [S("We have a concert on Friday."),
             S("Actually it moved to Sunday.")],
            [("When is our concert?", "corrected", ["sunday"], ["friday"]),
             ("What instrument do I play?", "told", ["trumpet"], None),
             ("What is the band called?", "never", None, None),
             ("Where is the concert?", "never", None, None)],
        ],
    },
    "dec64": {  # written 2026-12-05 (twenty-first session) after dec60-dec62's fixes, with dec63 and dec65, before running any
        "ananya": [
            [S("Namaste Milo, main Ananya hoon. I'm studying architecture in Pune."),
             S("My final project is a library design.")],
            [("What am I studying?", "told", ["architecture"], None),
             ("What is my final project?", "told", ["library"], None),
             ("Which university do I go to?", "never", None, None),
             ("What's my name?", "name", ["ananya"], None)],
        ],
        "tomasz": [
            [S("cześć milo jestem tomasz, i keep pigeons on my roof")],
            [S("i have fourteen pigeons and one of them is called kapitan")],
            [("what do i keep on my roof", "told", ["pigeon"], None),
             ("how many pigeons do i have", "told", ["fourteen", "14"], None),
             ("what colour is kapitan", "never", None, None),
             ("what is one of my pigeons called", "told", ["kapitan"], None)],
        ],
        "linh": [
            [S("Hi Milo, I'm Linh. My brother Minh is opening a pho restaurant next month.")],
            [S("He found a place on Baker Street.")],
            [("Who is opening a restaurant?", "told", ["minh", "brother"], None),
             ("What kind of restaurant is it?", "told", ["pho", "vietnam"], None),
             ("Where is the restaurant?", "told", ["baker"], None),
             ("What is the restaurant called?", "never", None, None)],
        ],
    },
    "dec65": {  # written 2026-12-05 (twenty-first session) after dec60-dec62's fixes, with dec63 and dec64, before running any
        "layla": [
            [S("\u0645\u0631\u062d\u0628\u0627 Milo, I'm Layla. I'm learning to ride a bike at 35!"),
             S("My friend Noor lends me her bike on Sundays.")],
            [("What am I learning?", "told", ["bike", "cycl", "ride"], None),
             ("Whose bike do I use?", "told", ["noor"], None),
             ("What colour is Noor's bike?", "never", None, None),
             ("How old am I?", "told", ["35"], None)],
        ],
        "mateo": [
            [S("hey milo its mateo, my band is recording an album in march")],
            [S("sorry not march, may"),
             S("i write all the lyrics")],
            [("when are we recording the album", "corrected", ["may"], ["march"]),
             ("what do i do in the band", "told", ["lyric", "writ"], None),
             ("how many songs are on the album", "never", None, None),
             ("what's my name", "name", ["mateo"], None)],
        ],
        "ingrid": [
            [S("Hei Milo, Ingrid here. I swim in the fjord every morning, even in winter.")],
            [S("The water was four degrees today.")],
            [("Where do I swim?", "told", ["fjord"], None),
             ("How cold was the water?", "told", ["four", "4"], None),
             ("Who do I swim with?", "never", None, None),
             ("Why does cold water feel colder than cold air?", "world", ["heat", "conduct"], None)],
        ],
    },
    "dec66": {  # written 2026-12-05 (twenty-first session) after dec63-dec65's fixes, with dec67-dec68, before running any
        "haruto": [
            [S("Konnichiwa Milo! I'm Haruto. I repair old watches in a small shop in Osaka."),
             S("My daughter Aiko helps me on Saturdays.")],
            [("What do I repair?", "told", ["watch"], None),
             ("Who helps me on Saturdays?", "told", ["aiko", "daughter"], None),
             ("How old is Aiko?", "never", None, None),
             ("What's my name?", "name", ["haruto"], None)],
        ],
        "astrid": [
            [S("hej milo jag är astrid, i grow strawberries on my balcony")],
            [S("no wait, they're raspberries, not strawberries"),
             S("i picked a full bowl this morning")],
            [("what do i grow on my balcony", "corrected", ["raspberr"], ["strawberr"]),
             ("what did i pick this morning", "told", ["bowl", "raspberr"], None),
             ("how big is my balcony", "never", None, None),
             ("do raspberries need a lot of sun", "world", ["sun", "light"], None)],
        ],
        "chidi": [
            [S("Hi Milo, Chidi here. I coach a youth football team on Wednesday evenings.")],
            [S("We won our match 3-1 yesterday.")],
            [("When do I coach?", "told", ["wednesday"], None),
             ("Did we win our match?", "told", ["won", "3"], None),
             ("What is the team called?", "never", None, None),
             ("Who scored the goals?", "never", None, None)],
        ],
    },
    "dec67": {  # written 2026-12-05 (twenty-first session) after dec63-dec65's fixes, with dec66 and dec68, before running any
        "eleni": [
            [S("Kalimera Milo, I'm Eleni. I run a bakery in Thessaloniki with my husband Kostas.")],
            [S("Kostas makes the bread and I make the pastries.")],
            [("Where is my bakery?", "told", ["thessaloniki"], None),
             ("What does Kostas make?", "told", ["bread"], None),
             ("What's the bakery called?", "never", None, None),
             ("Who makes the pastries?", "told", ["you make the pastries", "eleni"], None)],
        ],
        "niamh": [
            [S("dia duit milo, niamh here, i'm running the dublin marathon in october")],
            [S("i run with my neighbour ciara every tuesday")],
            [("which marathon am i running", "told", ["dublin"], None),
             ("who do i run with", "told", ["ciara", "neighbour"], None),
             ("what's my best marathon time", "never", None, None),
             ("when is the marathon", "told", ["october"], None)],
        ],
        "somchai": [
            [S("Sawasdee Milo, I'm Somchai. I teach Thai cooking classes on weekends."),
             S("My favourite dish to teach is green curry.")],
            [S("Actually I moved the classes to Friday nights.")],
            [("When are my cooking classes?", "corrected", ["friday"], ["weekend"]),
             ("What's my favourite dish to teach?", "told", ["green curry"], None),
             ("How many students do I have?", "never", None, None),
             ("What's my name?", "name", ["somchai"], None)],
        ],
    },
    "dec68": {  # written 2026-12-05 (twenty-first session) after dec63-dec65's fixes, with dec66 and dec67, before running any
        "darius": [
            [S("Salam Milo, I'm Darius. I'm a nurse on the night shift at a children's hospital.")],
            [S("My cat Simin waits for me by the door every morning.")],
            [("What's my job?", "told", ["nurse"], None),
             ("What's my cat's name?", "told", ["simin"], None),
             ("What colour is Simin?", "never", None, None),
             ("Where do I work?", "told", ["hospital"], None)],
        ],
        "katka": [
            [S("ahoj milo, tady katka. i'm building a wooden canoe with my grandpa")],
            [S("it's going to be five metres long"),
             S("we're using cedar")],
            [("what am i building", "told", ["canoe"], None),
             ("how long will the canoe be", "told", ["five", "5"], None),
             ("what wood are we using", "told", ["cedar"], None),
             ("when will the canoe be finished", "never", None, None)],
        ],
        "ngozi": [
            [S("Hello Milo, my name is Ngozi. My son Emeka starts university in Lagos next month.")],
            [S("He's going to study engineering.")],
            [("What will Emeka study?", "told", ["engineering"], None),
             ("Where is Emeka going to university?", "told", ["lagos"], None),
             ("Which university is it?", "never", None, None),
             ("What's my son's name?", "told", ["emeka"], None)],
        ],
    },
    "dec69": {  # written 2026-12-05 (twenty-second session), with dec70-dec71, before running any
        "tamar": [
            [S("Shalom Milo, I'm Tamar. I play the violin in a string quartet in Haifa.")],
            [S("Our cellist Yosef is moving to Berlin next month.")],
            [("What instrument do I play?", "told", ["violin"], None),
             ("Where is Yosef moving?", "told", ["berlin"], None),
             ("What is the quartet called?", "never", None, None),
             ("When is Yosef moving?", "told", ["next month"], None)],
        ],
        "anjali": [
            [S("namaskar milo, ami anjali. i teach yoga in the park every saturday morning")],
            [S("scratch that, the classes are on sundays now")],
            [("when do i teach yoga", "corrected", ["sunday"], ["saturday"]),
             ("where do i teach", "told", ["park"], None),
             ("how many people come to my class", "never", None, None),
             ("whats my name", "name", ["anjali"], None)],
        ],
        "mikko": [
            [S("Moi Milo! Mikko here. I built a sauna behind our cottage by the lake.")],
            [S("My brother Jussi helped me with the roof.")],
            [("What did I build?", "told", ["sauna"], None),
             ("Who helped me with the roof?", "told", ["jussi", "brother"], None),
             ("How big is the sauna?", "never", None, None),
             ("How hot does a sauna usually get?", "world", ["degree", "°", "hot"], None)],
        ],
    },
    "dec70": {  # written 2026-12-05 (twenty-second session), with dec69 and dec71, before running any
        "zsofia": [
            [S("Szia Milo, Zsófia vagyok. I work as a tram driver in Budapest.")],
            [S("My shifts start at five in the morning.")],
            [("What do I do for work?", "told", ["tram"], None),
             ("What time do my shifts start?", "told", ["five", "5"], None),
             ("Which tram line do I drive?", "never", None, None),
             ("What's my name?", "name", ["zsofia", "zsófia"], None)],
        ],
        "oksana": [
            [S("privit milo, ya oksana. my daughter sofia is learning to play chess")],
            [S("she won her first tournament last weekend")],
            [("what is sofia learning", "told", ["chess"], None),
             ("did sofia win anything", "told", ["tournament", "won"], None),
             ("how old is sofia", "never", None, None),
             ("who is sofia", "told", ["daughter"], None)],
        ],
        "rhys": [
            [S("Shwmae Milo, Rhys ydw i. I keep bees in my back garden in Cardiff."),
             S("I have three hives.")],
            [S("Sorry, I got that wrong, it's four hives now.")],
            [("How many hives do I have?", "corrected", ["four", "4"], ["three", "3"]),
             ("Where do I keep my bees?", "told", ["garden", "cardiff"], None),
             ("What do I call my bees?", "never", None, None),
             ("What do bees make?", "world", ["honey", "wax"], None)],
        ],
    },
    "dec71": {  # written 2026-12-05 (twenty-second session), with dec69 and dec70, before running any
        "tala": [
            [S("Kumusta Milo! I'm Tala. I sell halo-halo at a stall near the beach in Cebu.")],
            [S("My cousin Bea runs the stall with me on weekends.")],
            [("What do I sell?", "told", ["halo"], None),
             ("Who runs the stall with me?", "told", ["bea", "cousin"], None),
             ("How much does the halo-halo cost?", "never", None, None),
             ("Where is my stall?", "told", ["beach", "cebu"], None)],
        ],
        "wiremu": [
            [S("kia ora milo its wiremu, im carving a waka with my uncle")],
            [S("its made of totara wood"),
             S("we want to finish it by christmas")],
            [("what am i carving", "told", ["waka"], None),
             ("what wood is it made of", "told", ["totara"], None),
             ("who am i carving it with", "told", ["uncle"], None),
             ("how long is the waka", "never", None, None)],
        ],
        "selam": [
            [S("Selam Milo, my name is Selam. I roast coffee beans for a small café in Addis Ababa.")],
            [S("The café changed its name to Buna House last week.")],
            [("What is the café called?", "told", ["buna house"], None),
             ("What do I roast?", "told", ["coffee"], None),
             ("Who owns the café?", "never", None, None),
             ("What's my name?", "name", ["selam"], None)],
        ],
    },
    "dec72": {  # written 2026-12-05 (twenty-second session) after dec69-dec71's fixes, with dec73-dec74, before running any
        "giulia": [
            [S("Buonasera Milo, sono Giulia. I restore old bicycles in my garage in Turin.")],
            [S("Right now I'm fixing a red Bianchi from the 1970s.")],
            [("What do I restore?", "told", ["bicycle", "bike"], None),
             ("What bike am I fixing right now?", "told", ["bianchi"], None),
             ("How much will I sell it for?", "never", None, None),
             ("What colour is the Bianchi?", "told", ["red"], None)],
        ],
        "kwame": [
            [S("hello milo, kwame here. my wife akosua and i are opening a bookshop in kumasi")],
            [S("oops, not kumasi, we chose accra in the end")],
            [("where are we opening the bookshop", "corrected", ["accra"], ["kumasi"]),
             ("who am i opening it with", "told", ["akosua", "wife"], None),
             ("when does the bookshop open", "never", None, None),
             ("whats my wifes name", "told", ["akosua"], None)],
        ],
        "hyejin": [
            [S("Annyeong Milo! I'm Hye-jin. I practise taekwondo three evenings a week.")],
            [S("I'm getting my black belt next month.")],
            [("What martial art do I practise?", "told", ["taekwondo"], None),
             ("How often do I train?", "told", ["three", "3"], None),
             ("Who is my instructor?", "never", None, None),
             ("What's my name?", "name", ["hye-jin", "hyejin", "hye jin"], None)],
        ],
    },
    "dec73": {  # written 2026-12-05 (twenty-second session) after dec69-dec71's fixes, with dec72 and dec74, before running any
        "dmitri": [
            [S("zdravstvuy milo, menya zovut dmitri. i drive a taxi at night in saint petersburg")],
            [S("my daughter masha is seven")],
            [("what do i do for work", "told", ["taxi"], None),
             ("how old is masha", "told", ["seven", "7"], None),
             ("what car do i drive", "never", None, None),
             ("whats my name", "name", ["dmitri"], None)],
        ],
        "amira": [
            [S("Ahlan Milo, I'm Amira. My book club reads one novel a month."),
             S("This month we're reading a book by Naguib Mahfouz.")],
            [S("Actually we switched to a book by Leila Slimani.")],
            [("Whose book are we reading this month?", "corrected", ["slimani"], ["mahfouz"]),
             ("How often does my book club read a novel?", "told", ["month"], None),
             ("Where does my book club meet?", "never", None, None),
             ("Who wrote One Hundred Years of Solitude?", "world", ["marquez", "márquez"], None)],
        ],
        "lars": [
            [S("Hej Milo, jeg hedder Lars. I'm building a greenhouse for my tomatoes.")],
            [S("My neighbour Henrik lent me his drill.")],
            [("What am I building?", "told", ["greenhouse"], None),
             ("Who lent me a drill?", "told", ["henrik", "neighbour", "neighbor"], None),
             ("How big is the greenhouse?", "never", None, None),
             ("What will I grow in it?", "told", ["tomato"], None)],
        ],
    },
    "dec74": {  # written 2026-12-05 (twenty-second session) after dec69-dec71's fixes, with dec72 and dec73, before running any
        "ayumi": [
            [S("Ohayo Milo, Ayumi desu. I teach piano to children in Nagoya.")],
            [S("My best student Ren won a competition on Sunday.")],
            [("What do I teach?", "told", ["piano"], None),
             ("Who won a competition?", "told", ["ren"], None),
             ("How many students do I have?", "never", None, None),
             ("What's my name?", "name", ["ayumi"], None)],
        ],
        "pablo": [
            [S("que tal milo, soy pablo. i play bass in a salsa band on friday nights")],
            [S("we changed it, we play on saturdays now")],
            [("when do i play with the band", "corrected", ["saturday"], ["friday"]),
             ("what instrument do i play", "told", ["bass"], None),
             ("whats the band called", "never", None, None),
             ("where do we play", "never", None, None)],
        ],
        "fiona": [
            [S("Hiya Milo, Fiona here. I volunteer at a dog shelter in Glasgow on Tuesdays.")],
            [S("I'm fostering a greyhound called Biscuit at the moment.")],
            [("Where do I volunteer?", "told", ["shelter", "glasgow"], None),
             ("What's the greyhound called?", "told", ["biscuit"], None),
             ("How old is Biscuit?", "never", None, None),
             ("What day do I volunteer?", "told", ["tuesday"], None)],
        ],
    },
    "dec75": {  # written 2026-12-06 (twenty-third session) before running any: a question of the world
        # right after questions about the user, whose answers were "You told me ..." (seen: "You told
        # me that the magic mountain was written by Sir Arthur Conan Doyle.")
        "juergen": [
            [S("Servus Milo, I'm Jürgen. I restore old motorbikes in my garage in Linz.")],
            [S("My wife Ilse bought me a 1962 Vespa for my birthday.")],
            [("What do I restore?", "told", ["motorbike", "motorcycle"], None),
             ("Who bought me the Vespa?", "told", ["ilse"], None),
             ("What is the capital of Japan?", "world", ["tokyo"], None),
             ("What colour is my Vespa?", "never", None, None)],
        ],
        "noor": [
            [S("hi milo its noor, i sing in a choir at my university in amman")],
            [("what do i sing in", "told", ["choir"], None),
             ("where is my university", "told", ["amman"], None),
             ("who painted the mona lisa", "world", ["leonardo", "vinci"], None),
             ("whats my choir teacher called", "never", None, None)],
        ],
        "tomasz": [
            [S("Dzień dobry Milo! Tomasz here. I drive a tram in Kraków.")],
            [S("My daughter Zofia starts school next week.")],
            [("What do I drive?", "told", ["tram"], None),
             ("When does Zofia start school?", "told", ["next week"], None),
             ("How many legs does a spider have?", "world", ["eight", "8"], None),
             ("What's my name?", "name", ["tomasz"], None)],
        ],
    },
    "dec76": {  # written with dec75, before running any
        "amara": [
            [S("Hello Milo, I'm Amara. I'm a midwife in Accra and I work nights.")],
            [S("My brother Kwesi is getting married in March.")],
            [("What's my job?", "told", ["midwife"], None),
             ("When is Kwesi's wedding?", "told", ["march"], None),
             ("What is the largest ocean on Earth?", "world", ["pacific"], None),
             ("Who is Kwesi marrying?", "never", None, None)],
        ],
        "lars": [
            [S("hej milo im lars i keep bees on my roof in copenhagen")],
            [S("sorry, not my roof, my allotment garden")],
            [("where do i keep my bees", "corrected", ["allotment", "garden"], ["roof"]),
             ("which city do i live in", "told", ["copenhagen"], None),
             ("how many legs does a bee have", "world", ["six", "6"], None),
             ("how much honey did i get last year", "never", None, None)],
        ],
        "valentina": [
            [S("Ciao Milo, sono Valentina! I teach yoga in Bologna.")],
            [("What do I teach?", "told", ["yoga"], None),
             ("Where do I teach?", "told", ["bologna"], None),
             ("Who wrote Romeo and Juliet?", "world", ["shakespeare"], None),
             ("What's my name?", "name", ["valentina"], None)],
        ],
    },
    "dec77": {  # written 2026-12-06 (twenty-third session) after dec75-dec76's fixes, before running it
        "siosaia": [
            [S("malo e lelei milo, siosaia here. i coach a rugby team for under twelves in auckland")],
            [S("our captain is a boy called tevita, he is really fast")],
            [("who is the captain of my team", "told", ["tevita"], None),
             ("what sport do i coach", "told", ["rugby"], None),
             ("what is my assistant coach called", "never", None, None),
             ("how many players are in a rugby union team", "world", ["15", "fifteen"], None)],
        ],
        "ingrid": [
            [S("God morgon Milo! I'm Ingrid. I work as a nurse at a hospital in Bergen.")],
            [S("Correction: it's a clinic, not a hospital.")],
            [("Where do I work?", "corrected", ["clinic"], None),
             ("What is my job?", "told", ["nurse"], None),
             ("Who is my manager?", "never", None, None),
             ("What's my name?", "name", ["ingrid"], None)],
        ],
        "kenji": [
            [S("Konnichiwa Milo, Kenji desu. I bake bread in a small shop in Osaka.")],
            [S("My daughter Hana helps me on Saturdays.")],
            [("What do I bake?", "told", ["bread"], None),
             ("Who helps me on Saturdays?", "told", ["hana"], None),
             ("How old is Hana?", "never", None, None),
             ("What is the capital of Italy?", "world", ["rome"], None)],
        ],
    },
    "dec78": {  # written 2026-12-06 (twenty-fourth session) before running it
        "amani": [
            [S("Habari Milo! Mimi ni Amani. I teach swimming at a pool in Mombasa.")],
            [S("my son baraka just learned to float on his back")],
            [("what do i teach", "told", ["swim"], None),
             ("what is my son called", "told", ["baraka"], None),
             ("what is my daughter called", "never", None, None),
             ("which ocean is mombasa on", "world", ["indian"], None)],
        ],
        "elodie": [
            [S("Salut Milo, c'est Élodie. I repair violins in a workshop in Bordeaux.")],
            [S("We got a kitten on Sunday, his name is Praline.")],
            [("What do I repair?", "told", ["violin"], None),
             ("What's my kitten called?", "told", ["praline"], None),
             ("How old is Praline?", "never", None, None),
             ("What is the capital of France?", "world", ["paris"], None)],
        ],
        "rahul": [
            [S("Hi Milo, I'm Rahul. I drive a delivery van on the morning route in Leicester.")],
            [S("Actually I switched to the night route last month.")],
            [("Which route do I drive now?", "corrected", ["night"], None),
             ("What city do I work in?", "told", ["leicester"], None),
             ("What is my wife's name?", "never", None, None),
             ("what's my name", "name", ["rahul"], None)],
        ],
    },
    "dec79": {  # written 2026-12-06 (twenty-fourth session) before running it
        "fatima": [
            [S("Hi Milo, my name is فاطمة (Fatima). I study architecture in Casablanca.")],
            [S("My brother Youssef lives in Rabat and works as a chef.")],
            [("What do I study?", "told", ["architect"], None),
             ("What does my brother do?", "told", ["chef", "cook"], None),
             ("Where does Youssef live?", "told", ["rabat"], None),
             ("What is my sister's name?", "never", None, None)],
        ],
        "mateus": [
            [S("oi milo its mateus i play bass in a samba band in recife")],
            [S("our drummer is called joão and he never shows up on time")],
            [("what instrument do i play", "told", ["bass"], None),
             ("who is our drummer", "told", ["joao"], None),
             ("what is the band called", "never", None, None),
             ("what country is recife in", "world", ["brazil"], None)],
        ],
        "greta": [
            [S("Hallo Milo, ich heiße Greta. I keep bees in my garden in Graz.")],
            [S("Last week my neighbour Lukas helped me move the hives.")],
            [("What do I keep in my garden?", "told", ["bee"], None),
             ("Who helped me move the hives?", "told", ["lukas"], None),
             ("How many hives do I have?", "never", None, None),
             ("What city do I live in?", "told", ["graz"], None)],
        ],
    },
    "dec80": {  # written 2026-12-06 (twenty-fourth session) before running it
        "oksana": [
            [S("Pryvit Milo, I'm Oksana. I'm a dentist in Lviv.")],
            [S("Sorry, I meant Kyiv, not Lviv. I moved there last year.")],
            [("Which city do I work in?", "corrected", ["kyiv"], None),
             ("What is my job?", "told", ["dentist"], None),
             ("What is my husband's name?", "never", None, None),
             ("What's the capital of Ukraine?", "world", ["kyiv", "kiev"], None)],  # (both spellings: "kiev" added after the first run),
        ],
        "tomas": [
            [S("Ahoj Milo, Tomáš here. I fix bicycles at a shop near the river.")],
            [S("My daughter Klára is learning to ride without training wheels.")],
            [("What do I fix?", "told", ["bicycle", "bike"], None),
             ("What's my daughter's name?", "told", ["klara"], None),
             ("How old is Klára?", "never", None, None),
             ("Who is my boss?", "never", None, None)],
        ],
        "ngozi": [
            [S("Hello Milo, I'm Ngozi. I sing in a church choir in Enugu.")],
            [S("We have a concert on Sunday evening.")],
            [("When is our concert?", "told", ["sunday"], None),
             ("What do I sing in?", "told", ["choir"], None),
             ("What are we singing at the concert?", "never", None, None),
             ("Who conducts the choir?", "never", None, None)],
        ],
    },
    "dec81": {  # written 2026-12-06 (twenty-fourth session) after dec78-dec80's fixes, before running it
        "kwabena": [
            [S("hey milo im kwabena i work as a night nurse in kumasi")],
            [S("my wife efua just started a bakery she makes amazing bread")],
            [("what does my wife do", "told", ["bak", "bread"], None),
             ("what is my wifes name", "told", ["efua"], None),
             ("where do i work", "told", ["kumasi"], None),
             ("how many children do i have", "never", None, None)],
        ],
        "ines": [
            [S("Olá Milo! Sou a Inês. I'm a marine biologist in Lisbon.")],
            [S("My boyfriend Duarte surfs every weekend in Ericeira.")],
            [("What is my job?", "told", ["marine", "biolog"], None),
             ("Where does Duarte surf?", "told", ["ericeira"], None),
             ("When does Duarte surf?", "told", ["weekend"], None),
             ("What's the largest ocean on Earth?", "world", ["pacific"], None)],
        ],
        "yuki": [
            [S("Hi Milo, I'm Yuki. I play the shamisen in a folk group in Sapporo.")],
            [S("Our group is called Kaze.")],
            [("What instrument do I play?", "told", ["shamisen"], None),
             ("What is my group called?", "told", ["kaze"], None),
             ("Who leads the group?", "never", None, None),
             ("What's my name?", "name", ["yuki"], None)],
        ],
    },
    "dec82": {  # written 2026-12-06 (twenty-fourth session) before running it
        "dariusz": [
            [S("Dzień dobry Milo, Dariusz here. I drive trams in Kraków.")],
            [S("Actually, I retired last month, no more trams.")],
            [("Do I still drive trams?", "corrected", ["retired"], None),
             ("Which city do I live in?", "told", ["krakow"], None),
             ("What is my daughter's name?", "never", None, None),
             ("Which river runs through Kraków?", "world", ["vistula", "wisla"], None)],
        ],
        "amara": [
            [S("hi milo its amara i have two cats called pip and squeak")],
            [S("pip is the ginger one and squeak is black")],
            [("what are my cats called", "told", ["pip", "squeak"], None),
             ("what colour is squeak", "told", ["black"], None),
             ("how old are my cats", "never", None, None),
             ("what do cats eat", "world", ["meat", "fish", "food", "protein"], None)],
        ],
        "lars": [
            [S("Hei Milo, I'm Lars. I'm learning to play the cello.")],
            [S("My teacher is called Ingeborg and lessons are on Tuesdays.")],
            [("What am I learning?", "told", ["cello"], None),
             ("Who is my teacher?", "told", ["ingeborg"], None),
             ("When are my lessons?", "told", ["tuesday"], None),
             ("Where are my lessons?", "never", None, None)],
        ],
    },
    "dec83": {  # written 2026-12-06 (twenty-fourth session) before running it
        "priya": [
            [S("Hello Milo, I'm Priya. I'm training for the Mumbai marathon in January.")],
            [S("Sorry, it's the Pune marathon, not Mumbai.")],
            [("Which marathon am I training for?", "corrected", ["pune"], None),
             ("When is my marathon?", "told", ["january"], None),
             ("What is my best time?", "never", None, None),
             ("What's my name?", "name", ["priya"], None)],
        ],
        "gabriel": [
            [S("bonjour milo je suis gabriel i teach french to kids in montreal")],
            [S("my dog is a husky named neige")],
            [("what do i teach", "told", ["french"], None),
             ("what is my dog called", "told", ["neige"], None),
             ("what breed is my dog", "told", ["husky"], None),
             ("how old is neige", "never", None, None)],
        ],
        "hana": [
            [S("Hi Milo, Hana here. My grandmother turns ninety on Saturday.")],
            [S("We're throwing her a party at my aunt's house.")],
            [("How old is my grandmother turning?", "told", ["ninety", "90"], None),
             ("Where is the party?", "told", ["aunt"], None),
             ("What is my grandmother's name?", "never", None, None),
             ("What is my aunt's name?", "never", None, None)],
        ],
    },
    "dec84": {  # written 2026-12-06 (twenty-fifth session) before running it
        "tomas": [
            [S("Olá Milo! Sou o Tomás, I drive a city bus in Lisbon.")],
            [S("My daughter Inês just started university, she's studying architecture.")],
            [("What does my daughter study?", "told", ["architect"], None),
             ("What's my job?", "told", ["bus"], None),
             ("what is the capital of portugal", "world", ["lisbon"], None),
             ("How old is Inês?", "never", None, None)],
        ],
        "keiko": [
            [S("hey milo im keiko, i just moved to vancouver for a job at a game studio")],
            [S("i have two cats, mochi and daifuku")],
            [("how many cats do i have", "told", ["two", "2"], None),
             ("what are my cats called", "told", ["mochi", "daifuku"], None),
             ("where did i move from", "never", None, None),
             ("whats my name", "name", ["keiko"], None)],
        ],
        "adebayo": [
            [S("Hi Milo, it's Adebayo. I don't drink coffee, only tea.")],
            [S("My wife Funmi is a pharmacist.")],
            [("What do I like to drink?", "told", ["tea"], None),
             ("What does my wife do?", "told", ["pharmac"], None),
             ("Where does my wife work?", "never", None, None),
             ("How long have I been married?", "never", None, None)],
        ],
    },
    "dec85": {  # written 2026-12-06 (twenty-fifth session) before running it
        "marta": [
            [S("Hola Milo, soy Marta. Trabajo como enfermera en Sevilla.")],
            [S("Mi hermano Pablo vive en Berlín.")],
            [("¿Dónde vive mi hermano?", "told", ["berlin"], None),
             ("What is my job?", "told", ["enfermera", "nurse"], None),
             ("What is my mother's name?", "never", None, None),
             ("What's my name?", "name", ["marta"], None)],
        ],
        "olu": [
            [S("I'm Olu. My sister's wedding is on the 14th of March.")],
            [S("Update: the wedding got moved to April 2nd.")],
            [("When is my sister's wedding?", "corrected", ["april", "2nd"], ["march"]),
             ("Whose wedding is it?", "told", ["sister"], None),
             ("What's my sister's name?", "never", None, None),
             ("Where is the wedding?", "never", None, None)],
        ],
        "finn": [
            [S("hey its finn, i play in goal for a sunday league team")],
            [S("we lost 3-1 yesterday, gutted")],
            [("what position do i play", "told", ["goal"], None),
             ("what was the score", "told", ["3-1", "3 to 1", "three"], None),
             ("whats my team called", "never", None, None),
             ("who is finn", "name", ["you're finn", "you are finn", "that's you", "it's you", "you are!", "you!"], None)],
        ],
    },
    "dec86": {  # written 2026-12-06 (twenty-fifth session) before running it
        "nadia": [
            [S("Hi Milo, I'm Nadia from Cairo. I'm a civil engineer.")],
            [("what is the longest river in africa", "world", ["nile"], None),
             ("what do i do", "told", ["engineer"], None),
             ("Where am I from?", "told", ["cairo"], None),
             ("What do I build?", "never", None, None)],
        ],
        "liam": [
            [S("hey milo, liam here, i collect vinyl records, mostly jazz")],
            [S("my favourite album is kind of blue")],
            [("what kind of music do i collect", "told", ["jazz"], None),
             ("whats my favourite album", "told", ["kind of blue"], None),
             ("how many records do i have", "never", None, None),
             ("who recorded kind of blue", "world", ["miles", "davis"], None)],
        ],
        "sione": [
            [S("Malo e lelei Milo! I'm Sione, I coach rugby at a high school in Auckland.")],
            [S("My mum Mele makes the best otai.")],
            [("What sport do I coach?", "told", ["rugby"], None),
             ("What's my mum's name?", "told", ["mele"], None),
             ("What does my mum make?", "told", ["otai"], None),
             ("What's my dad's name?", "never", None, None)],
        ],
    },
    "dec87": {  # written 2026-12-06 (twenty-sixth session) before running it
        "mateus": [
            [S("Olá Milo! Sou o Mateus, I'm a nurse in Porto and I work night shifts.")],
            [S("My daughter Inês is nine and she's learning the violin.")],
            [("Do you know who I am?", "told", ["mateus"], None),
             ("What instrument is my daughter learning?", "told", ["violin"], None),
             ("How old is Inês?", "told", ["nine", "9"], None),
             ("What's my wife's name?", "never", None, None)],
        ],
        "greta": [
            [S("hey milo its greta i work as a baker and i start at four in the morning")],
            [S("actually i start at five now not four")],
            [("what time do i start work", "told", ["five", "5"], None),
             ("what do i do for work", "told", ["baker", "bake"], None),
             ("what is the capital of germany", "world", ["berlin"], None),
             ("whats my favourite bread", "never", None, None)],
        ],
        "segun": [
            [S("Good evening Milo. My name is Olúṣẹ́gun but everyone calls me Segun. I teach mathematics.")],
            [("What do people call me?", "told", ["segun"], None),
             ("What subject do I teach?", "told", ["math"], None),
             ("Where do I teach?", "never", None, None)],
        ],
    },
    "dec88": {  # written 2026-12-06 (twenty-sixth session) before running it
        "yuki": [
            [S("Hi Milo, I'm Yuki. I've got two cats, Mochi and Kuro.")],
            [S("Kuro is the black one, he's very shy.")],
            [("What are my cats called?", "told", ["mochi", "kuro"], None),
             ("Which of my cats is shy?", "told", ["kuro"], None),
             ("How old is Mochi?", "never", None, None)],
        ],
        "pablo": [
            [S("Hola Milo, soy Pablo. Vivo en Valencia y trabajo como cocinero.")],
            [("¿Dónde vivo?", "told", ["valencia"], None),
             ("What is my job?", "told", ["cocinero", "cook", "chef"], None),
             ("What's my brother's name?", "never", None, None)],
        ],
        "hannah": [
            [S("Hi Milo, I'm Hannah. I'm vegetarian and I'm training for a half marathon in May.")],
            [S("Oops, the half marathon is in June, not May.")],
            [("When is my half marathon?", "told", ["june"], None),
             ("Do I eat meat?", "told", ["vegetarian", "no", "don't"], None),
             ("What did I eat for breakfast?", "never", None, None),
             ("How long is a half marathon?", "world", ["21", "13"], None)],
        ],
    },
    "dec89": {  # written 2026-12-06 (twenty-sixth session) before running it
        "amara": [
            [S("Hello Milo, I'm Amara. I'm a pilot and I fly cargo planes between Lagos and Accra.")],
            [("What do I fly?", "told", ["cargo"], None),
             ("Which cities do I fly between?", "told", ["lagos", "accra"], None),
             ("Who am I?", "told", ["amara"], None),
             ("What airline do I work for?", "never", None, None)],
        ],
        "soren": [
            [S("hej milo, søren here. my grandson Emil visits every sunday")],
            [S("emil is twelve and loves chess")],
            [("when does emil visit", "told", ["sunday"], None),
             ("what does my grandson love", "told", ["chess"], None),
             ("how old is emil", "told", ["twelve", "12"], None),
             ("whats my daughters name", "never", None, None)],
        ],
        "priya": [
            [S("Hi Milo! Priya here. I just adopted a rescue greyhound named Biscuit.")],
            [S("I'm also learning to play the sitar.")],
            [("What's my dog's name?", "told", ["biscuit"], None),
             ("What kind of dog do I have?", "told", ["greyhound"], None),
             ("What instrument am I learning?", "told", ["sitar"], None),
             ("What's my favourite colour?", "never", None, None)],
        ],
    },
    "dec90": {  # written 2026-12-06 (twenty-sixth session) before running it
        "ingrid": [
            [S("Hei Milo! I'm Ingrid, I work at a fish farm near Bergen.")],
            [S("We changed my shifts, I'm on weekends now instead of weekdays.")],
            [("Hello again! Do you know my name?", "told", ["ingrid"], None),
             ("when do i work now", "told", ["weekend"], None),
             ("where do I work?", "told", ["fish"], None),
             ("What's my boss called?", "never", None, None)],
        ],
        "tomasz": [
            [S("hi milo tomasz here i made pierogi for my mum on sunday")],
            [("what did i cook last night", "never", None, None),
             ("who did i cook for", "told", ["mum", "mother"], None),
             ("what did i make on sunday", "told", ["pierogi"], None)],
        ],
        "aiyana": [
            [S("Hello Milo, my name is Aiyana. My twins, Kai and Lena, start kindergarten in September.")],
            [("What are my twins called?", "told", ["kai", "lena"], None),
             ("When do the twins start kindergarten?", "told", ["september"], None),
             ("How old are my twins?", "never", None, None)],
        ],
    },
    "dec91": {  # written 2026-12-06 (twenty-sixth session) before running it
        "rahel": [
            [S("Selam Milo, I'm Rahel. I roast coffee beans at a small café in Addis Ababa.")],
            [S("Correction: the café is in Nairobi, I moved last year.")],
            [("Where is my café?", "told", ["nairobi"], None),
             ("What do I roast?", "told", ["coffee"], None),
             ("What's the café called?", "never", None, None),
             ("What is the capital of Ethiopia?", "world", ["addis"], None)],
        ],
        "max": [
            [S("Servus Milo, Maximilian here, but call me Max. I repair bicycles.")],
            [("What should you call me?", "told", ["max"], None),
             ("What do I repair?", "told", ["bicycle", "bike"], None),
             ("What's my favourite bike?", "never", None, None)],
        ],
        "noor": [
            [S("Hi Milo, I'm Noor. I'm allergic to peanuts and I'm learning to swim.")],
            [("Am I allergic to anything?", "told", ["peanut"], None),
             ("What am I learning?", "told", ["swim"], None),
             ("Where do I swim?", "never", None, None)],
        ],
    },
    "dec92": {  # written 2026-12-06 (twenty-sixth session) before running it
        "kwame": [
            [S("Good morning Milo, this is Kwame. My brother Kofi is visiting from Kumasi next week.")],
            [S("Kofi's visit got pushed to December.")],
            [("When is Kofi visiting?", "told", ["december"], None),
             ("Where is my brother coming from?", "told", ["kumasi"], None),
             ("What does Kofi do for work?", "never", None, None)],
        ],
        "elif": [
            [S("merhaba milo ben elif, i'm a dentist in izmir")],
            [("what do i do", "told", ["dentist"], None),
             ("where do i live", "told", ["izmir"], None),
             ("whats my husbands name", "never", None, None)],
        ],
        "hiro": [
            [S("Hi Milo, I'm Hiro. I grow bonsai trees, I have about thirty of them.")],
            [S("My oldest bonsai is a juniper, it's forty years old.")],
            [("How many bonsai do I have?", "told", ["thirty", "30"], None),
             ("What kind of tree is my oldest bonsai?", "told", ["juniper"], None),
             ("How old is my oldest bonsai?", "told", ["forty", "40"], None),
             ("What's my wife's name?", "never", None, None)],
        ],
    },
    "dec93": {  # written 2026-12-06 (twenty-seventh session) before running it
        "nikos": [
            [S("Γεια σου Milo! Είμαι ο Νίκος. I fix fishing boats in Piraeus.")],
            [S("my wife Eleni runs a bakery")],
            [("what's my name", "name", ["νικος", "nikos"], ["milo"]),
             ("What does my wife do?", "told", ["bak"], None),
             ("Where do I work?", "told", ["piraeus"], None),
             ("How many kids do I have?", "never", None, None)],
        ],
        "wei": [
            [S("hi milo i'm wei, i play table tennis every thursday at the community centre")],
            [("when do i play table tennis", "told", ["thursday"], None),
             ("where do i play", "told", ["community"], None),
             ("who do i play with", "never", None, None)],
        ],
        "lucia": [
            [S("Hola Milo, soy Lucía. Tengo dos perros, Rayo y Luna.")],
            [("How many dogs do I have?", "told", ["two", "2", "dos"], None),
             ("What are my dogs called?", "told", ["rayo", "luna"], None),
             ("What's my cat's name?", "never", None, None)],
        ],
    },
    "dec94": {  # written 2026-12-06 (twenty-seventh session) before running it
        "seun": [
            [S("Hey Milo, Olúwaseun here, friends call me Seun. I'm a nurse at St Thomas' in London.")],
            [S("I switched to the children's ward last month.")],
            [("what do my friends call me", "told", ["seun"], None),
             ("Which ward am I on?", "told", ["children"], None),
             ("What hospital do I work at?", "told", ["thomas"], None),
             ("What's my manager's name?", "never", None, None)],
        ],
        "marta": [
            [S("milo its marta my son jan turns seven on saturday")],
            [S("we're having his party at the swimming pool")],
            [("how old is jan turning", "told", ["seven", "7"], None),
             ("where is the party", "told", ["pool", "swim"], None),
             ("whats my daughters name", "never", None, None),
             ("when is jan's birthday", "told", ["saturday"], None)],
        ],
    },
    "dec95": {  # written 2026-12-06 (twenty-seventh session) before running it
        "aroha": [
            [S("Kia ora Milo, I'm Aroha. I teach te reo Māori at a primary school in Rotorua.")],
            [("What language do I teach?", "told", ["maori", "reo"], None),
             ("Where is my school?", "told", ["rotorua"], None),
             ("How many students do I have?", "never", None, None)],
        ],
        "dmitri": [
            [S("Привет Milo, меня зовут Дмитрий. I play cello in an orchestra.")],
            [S("Actually I switched to the double bass this year.")],
            [("What's my name?", "name", ["дмитрий", "dmitri", "dmitry"], ["milo"]),
             ("What instrument do I play now?", "corrected", ["bass"], ["you play the cello", "you play cello"]),
             ("Which orchestra do I play in?", "never", None, None)],
        ],
        "june": [
            [S("hi milo im june i had ramen for lunch today")],
            [("what did i have for lunch", "told", ["ramen"], None),
             ("what did i have for breakfast", "never", None, None),
             ("what's my name", "name", ["june"], ["milo"])],
        ],
    },
    "dec96": {  # written 2026-12-06 (twenty-seventh session) before running it
        "ayesha": [
            [S("Hello Milo, Ayesha here. My sister Zainab is a pilot and my brother Bilal is a chef.")],
            [("What does Zainab do?", "told", ["pilot"], None),
             ("What does my brother do?", "told", ["chef", "cook"], None),
             ("What's my sister's husband called?", "never", None, None),
             ("Who is the pilot in my family?", "told", ["zainab"], None)],
        ],
        "pablo": [
            [S("buenas milo soy pablo i'm training for a marathon in valencia in december")],
            [S("i ran thirty kilometres this morning")],
            [("what race am i training for", "told", ["marathon"], None),
             ("how far did i run this morning", "told", ["thirty", "30"], None),
             ("what's my best time", "never", None, None),
             ("how long is a marathon", "world", ["42", "26"], None)],
        ],
    },
    "dec97": {  # written 2026-12-06 (twenty-seventh session) before running it
        "freya": [
            [S("Hi Milo, I'm Freya. I volunteer at an animal shelter on Wednesdays.")],
            [S("Oh, they moved my shift to Thursdays.")],
            [("When do I volunteer?", "corrected", ["thursday"], ["you volunteer on wednesday"]),
             ("Where do I volunteer?", "told", ["shelter"], None),
             ("What's the shelter called?", "never", None, None)],
        ],
        "kaito": [
            [S("yo milo kaito here, i just got a new bike, a red fixie")],
            [("what colour is my bike", "told", ["red"], None),
             ("what kind of bike did i get", "told", ["fixie"], None),
             ("how much did my bike cost", "never", None, None)],
        ],
        "ana": [
            [S("Olá Milo, sou a Ana, vivo em Porto e trabalho como arquiteta.")],
            [("Where do I live?", "told", ["porto"], None),
             ("What's my job?", "told", ["architect", "arquitet"], None),
             ("Do I have any pets?", "never", None, None)],
        ],
    },
    "dec98": {  # written 2026-12-06 (twenty-seventh session) before running it
        "chidi": [
            [S("Hi Milo, Chidi here. I'm reading a book about Stoicism."),
             S("My friend Tahani lent it to me.")],
            [("What am I reading about?", "told", ["stoic"], None),
             ("Who lent me the book?", "told", ["tahani"], None),
             ("What's the book's title?", "never", None, None)],
        ],
        "leila": [
            [S("salut milo c'est leila, je suis infirmière à Marseille")],
            [S("my cat Minou is 3 years old")],
            [("what's my job", "told", ["nurse", "infirmi"], None),
             ("how old is my cat", "told", ["three", "3"], None),
             ("what's my dog called", "never", None, None),
             ("Where do I work?", "told", ["marseille"], None)],
        ],
    },
    "dec99": {  # written 2026-12-06 (twenty-seventh session) before running it
        "sione": [
            [S("Mālō e lelei Milo, ko Sione au. I coach rugby for under-12s in Auckland.")],
            [("what sport do i coach", "told", ["rugby"], None),
             ("how old are the kids i coach", "told", ["12", "twelve"], None),
             ("what's my team called", "never", None, None)],
        ],
        "greta": [
            [S("hallo milo ich bin greta, ich backe jeden samstag brot")],
            [S("my daughter Mia helps me with the dough")],
            [("when do i bake bread", "told", ["samstag", "saturday"], None),
             ("who helps me bake", "told", ["mia"], None),
             ("how old is mia", "never", None, None)],
        ],
    },
    "dec100": {  # written 2026-12-06 (twenty-seventh session) before running it
        "tariq": [
            [S("Hi Milo, I'm Tariq. I had a job interview at a bank this morning.")],
            [S("They called back, I got the job!")],
            [("Where was my interview?", "told", ["bank"], None),
             ("Did I get the job?", "told", ["got the job"], None),
             ("What's my new salary?", "never", None, None)],
        ],
        "mei": [
            [S("milo its mei i'm allergic to cats but i have a hamster called dumpling")],
            [("what pet do i have", "told", ["hamster"], None),
             ("what am i allergic to", "told", ["cat"], None),
             ("whats my hamsters name", "told", ["dumpling"], None),
             ("how old is my hamster", "never", None, None)],
        ],
    },
    "dec101": {  # written 2026-12-06 (twenty-seventh session) before running it
        "olga": [
            [S("Dobry den Milo, I'm Olga. My husband Pavel and I are flying to Lisbon on Friday.")],
            [S("Change of plans, we're going to Madrid instead.")],
            [("Where are we flying?", "corrected", ["madrid"], None),
             ("When do we fly?", "told", ["friday"], None),
             ("What's my husband's name?", "told", ["pavel"], None),
             ("What does Pavel do?", "never", None, None)],
        ],
    },
    "dec102": {  # written 2026-12-06 (twenty-seventh session) before running it
        "ngozi": [
            [S("Good evening Milo, Ngozi here. I run a small tailoring business in Lagos.")],
            [S("My business partner Chiamaka handles the accounts.")],
            [("what kind of business do i run", "told", ["tailor"], None),
             ("who does the accounts", "told", ["chiamaka"], None),
             ("How many employees do I have?", "never", None, None),
             ("What's Chiamaka's surname?", "never", None, None)],
        ],
        "bjorn": [
            [S("hej milo, jag heter Björn. I go ice fishing every winter.")],
            [("what do i do in winter", "told", ["fish"], None),
             ("what's my name", "name", ["björn", "bjorn"], ["milo"]),
             ("what fish do i catch", "never", None, None)],
        ],
    },
    "dec103": {  # written 2026-12-06 (twenty-seventh session) before running it
        "yuna": [
            [S("Hi Milo! I'm Yuna. I started learning Korean calligraphy last month.")],
            [S("Oops, I meant Japanese calligraphy, not Korean.")],
            [("What kind of calligraphy am I learning?", "corrected", ["japanese"], ["learning korean calligraphy"]),
             ("When did I start?", "told", ["last month"], None),
             ("Who is my teacher?", "never", None, None)],
        ],
        "omar": [
            [S("salam milo, omar here, i drive a taxi at night")],
            [S("my son youssef is studying medicine")],
            [("what does my son study", "told", ["medicine"], None),
             ("when do i work", "told", ["night"], None),
             ("where does youssef study", "never", None, None)],
        ],
    },
    "dec104": {  # written 2026-12-06 (twenty-seventh session) before running it
        "carmen": [
            [S("Buenos días Milo, soy Carmen. Mi hija Sofía cumple diez años el sábado.")],
            [("How old is my daughter turning?", "told", ["ten", "10", "diez"], None),
             ("What's my daughter's name?", "told", ["sofía", "sofia"], None),
             ("What's my son's name?", "never", None, None)],
        ],
        "liam": [
            [S("hey milo, liam here. i had pancakes for breakfast")],
            [("what did i eat for breakfast", "told", ["pancake"], None),
             ("what did i have for dinner last night", "never", None, None)],
        ],
    },
    "dec105": {  # written 2026-12-06 (thirtieth session) before running it
        "aroha": [
            [S("Kia ora Milo, ko Aroha tōku ingoa. I teach te reo Māori at a high school in Rotorua.")],
            [S("My partner Wiremu builds waka, traditional canoes.")],
            [("what do i teach", "told", ["māori", "maori", "te reo"], None),
             ("What does Wiremu do?", "told", ["waka", "canoe"], None),
             ("who am i", "name", ["aroha"], ["milo"]),
             ("How long have I been teaching?", "never", None, None)],
        ],
        "pieter": [
            [S("Hallo Milo, ik ben Pieter. I repair old bicycles in my shed.")],
            [S("Actually it's a garage, not a shed. I moved everything last week.")],
            [("where do i repair bikes", "corrected", ["garage"], ["in my shed", "in your shed"]),
             ("what do i repair", "told", ["bicycle", "bike"], None),
             ("What's my favourite bike brand?", "never", None, None)],
        ],
    },
    "dec106": {  # written 2026-12-06 (thirtieth session) before running it
        "meiling": [
            [S("hi milo, this is Mei-Ling. my husband Kenji is a firefighter.")],
            [S("we adopted a rescue greyhound called Bolt on sunday")],
            [("what's my husband's job", "told", ["firefight", "fire"], None),
             ("what kind of dog did we adopt", "told", ["greyhound"], None),
             ("How old is Bolt?", "never", None, None),
             ("How fast can a greyhound run?", "world", ["km", "mph", "miles", "kilomet", "fast"], None)],
        ],
        "dimitri": [
            [S("Привет Milo, я Дмитрий. I play chess in the park every Saturday.")],
            [("when do i play chess", "told", ["saturday"], None),
             ("what's my name", "name", ["дмитрий", "dmitri", "dmitry"], ["milo"]),
             ("Who do I play chess with?", "never", None, None)],
        ],
    },
    "dec107": {  # written 2026-12-06 (thirtieth session) before running it
        "fatou": [
            [S("Bonjour Milo, je m'appelle Fatou. I'm a midwife in Dakar.")],
            [S("My brother Moussa is coming to visit in January.")],
            [S("Change of plan, Moussa is coming in March now.")],
            [("When is my brother visiting?", "corrected", ["march"], ["in january"]),
             ("what do i do for a living", "told", ["midwife"], None),
             ("Where does Moussa live?", "never", None, None)],
        ],
        "ollie": [
            [S("yo milo its ollie, i just finished my first marathon in 4 hours 12 minutes")],
            [("what was my marathon time", "told", ["4 hours", "four hours", "4:12", "12 minutes"], None),
             ("which city was the marathon in", "never", None, None)],
        ],
    },
    "dec108": {  # written 2026-12-06 (thirtieth session) before running it
        "saoirse": [
            [S("Hello Milo, I'm Saoirse. I keep three hens and a very grumpy goose named Gerald.")],
            [("what is my goose called", "told", ["gerald"], None),
             ("How many hens do I have?", "told", ["three", "3"], None),
             ("What are my hens called?", "never", None, None)],
        ],
        "hamid": [
            [S("salaam milo, I'm Hamid. my wife Leila runs a small bookshop.")],
            [S("our daughter Nasrin starts university in the autumn")],
            [("What does my wife do?", "told", ["bookshop", "book"], None),
             ("when does nasrin start university", "told", ["autumn", "fall"], None),
             ("What will Nasrin study?", "never", None, None)],
        ],
    },
    "dec109": {  # written 2026-12-06 (thirtieth session) before running it
        "layla": [
            [S("مرحبا Milo! أنا ليلى. I'm a pharmacist and I live in Amman.")],
            [S("My twin brother Karim plays the oud in a band.")],
            [("what instrument does karim play", "told", ["oud"], None),
             ("What's my job?", "told", ["pharmac"], None),
             ("What's the name of Karim's band?", "never", None, None),
             ("what's my name", "name", ["ليلى", "layla", "leila"], ["milo"])],
        ],
        "tomasz": [
            [S("hey milo tomasz here, i'm building a wooden boat in my backyard")],
            [S("wait no, it's a canoe not a boat, a small one")],
            [("what am i building", "corrected", ["canoe"], ["wooden boat"]),
             ("where am i building it", "told", ["backyard", "back yard", "garden"], None),
             ("how long will it take to finish", "never", None, None)],
        ],
    },
    "dec110": {  # written 2026-12-06 (thirtieth session) before running it
        "ines": [
            [S("Olá Milo, sou a Inês. I work night shifts at a bakery in Porto.")],
            [S("My cat Pastel sleeps all day on my bed.")],
            [("Where does Pastel sleep?", "told", ["bed"], None),
             ("When do I work?", "told", ["night"], None),
             ("What colour is Pastel?", "never", None, None),
             ("What do cats dream about?", "world", ["dream", "sleep", "brain", "rem"], None)],
        ],
        "kwame": [
            [S("Good afternoon Milo, Kwame speaking. My daughter Abena plays volleyball for her school.")],
            [("What sport does Abena play?", "told", ["volleyball"], None),
             ("What position does Abena play?", "never", None, None),
             ("Who am I?", "name", ["kwame"], ["milo"])],
        ],
    },
    "dec111": {  # written 2026-12-06 (thirtieth session) before running it
        "nguyen": [
            [S("Xin chào Milo, tôi là Minh. I run a noodle stall at the night market in Hanoi.")],
            [S("My grandmother taught me her pho recipe when I was ten.")],
            [("what do i sell", "told", ["noodle", "pho"], None),
             ("Who taught me the recipe?", "told", ["grandmother", "grandma"], None),
             ("How much does a bowl cost?", "never", None, None),
             ("what's my name", "name", ["minh"], ["milo"])],
        ],
        "grace": [
            [S("hi milo it's grace, my book club meets on thursdays at the library")],
            [S("oh they moved it, book club is on wednesdays now")],
            [("when does my book club meet", "corrected", ["wednesday"], ["on thursdays"]),
             ("where does it meet", "told", ["library"], None),
             ("what book are we reading", "never", None, None)],
        ],
    },
    "dec112": {  # written 2026-12-06 (thirtieth session) before running it
        "sven": [
            [S("Hej Milo! Jeg hedder Sven. I'm a carpenter and I have two daughters.")],
            [S("The older one, Freja, just got her driving licence.")],
            [("How many daughters do I have?", "told", ["two", "2"], None),
             ("What did Freja just get?", "told", ["driving", "licence", "license"], None),
             ("What's my younger daughter called?", "never", None, None),
             ("How old is Freja?", "never", None, None)],
        ],
        "amaka": [
            [S("Good morning Milo, I'm Amaka. I've started running 5k every morning before work.")],
            [("how far do i run", "told", ["5k", "5 k", "five k", "5 km", "five kilomet"], None),
             ("when do i run", "told", ["morning"], None),
             ("How far is a marathon?", "world", ["42", "26", "mile", "kilomet", "km"], None)],
        ],
    },
    "dec113": {  # written 2026-12-06 (thirty-first session) before running it
        "haruto": [
            [S("こんにちは Milo! 私はハルトです。 I'm a train driver on the Yamanote line in Tokyo.")],
            [S("My son Ren collects stamps from every country he can find.")],
            [("What do I drive?", "told", ["train"], None),
             ("What does Ren collect?", "told", ["stamp"], None),
             ("How many stamps does Ren have?", "never", None, None),
             ("what's my name", "name", ["haruto", "ハルト"], ["milo"])],
        ],
        "olga": [
            [S("hi milo, olga here. i grow tomatoes and cucumbers on my balcony")],
            [S("actually scratch the cucumbers, they all died, it's just tomatoes and peppers now")],
            [("what do i grow on my balcony", "corrected", ["pepper"], ["tomatoes and cucumbers"]),
             ("where do i grow them", "told", ["balcony"], None),
             ("what kind of tomatoes are they", "never", None, None)],
        ],
    },
    "dec114": {  # written 2026-12-06 (thirty-first session) before running it
        "fatima": [
            [S("Salaam Milo, I'm Fatima. I teach Arabic calligraphy on Saturday mornings.")],
            [S("My student Yusuf won a prize for his calligraphy last month.")],
            [("What do I teach?", "told", ["calligraphy"], None),
             ("When do I teach?", "told", ["saturday"], None),
             ("Who won a prize?", "told", ["yusuf"], None),
             ("How old is Yusuf?", "never", None, None)],
        ],
        "diego": [
            [S("Buenas Milo, soy Diego, I drive a taxi in Buenos Aires.")],
            [("What do I do for a living?", "told", ["taxi"], None),
             ("Which city do I drive in?", "told", ["buenos aires"], None),
             ("How long have I been driving a taxi?", "never", None, None),
             ("What's the capital of Argentina?", "world", ["buenos aires"], None)],
        ],
    },
    "dec115": {  # written 2026-12-06 (thirty-first session) before running it
        "priya": [
            [S("Hi Milo! I'm Priya. My husband Arjun and I just adopted a rescue greyhound called Biscuit.")],
            [S("Biscuit is scared of the vacuum cleaner.")],
            [("What's my dog called?", "told", ["biscuit"], None),
             ("What breed is Biscuit?", "told", ["greyhound"], None),
             ("What is Biscuit scared of?", "told", ["vacuum", "hoover"], None),
             ("What does Arjun do for work?", "never", None, None),
             ("Who is Arjun?", "told", ["husband"], None)],
        ],
        "henrik": [
            [S("morning milo. henrik. i fix old radios as a hobby")],
            [S("sorry, i meant old clocks, not radios. radios are my brother's thing")],
            [("what do i fix", "corrected", ["clock"], ["you fix old radios"]),
             ("who likes radios", "told", ["brother"], None),
             ("what's my brother's name", "never", None, None)],
        ],
    },
    "dec116": {  # written 2026-12-06 (thirty-first session) before running it
        "ana": [
            [S("Bok Milo, ja sam Ana. I'm studying to be a vet in Zagreb.")],
            [S("My exam on horse anatomy is next Friday.")],
            [("what am i studying to be", "told", ["vet"], None),
             ("when is my exam", "told", ["friday"], None),
             ("what is the exam about", "told", ["horse"], None),
             ("what grade did i get", "never", None, None),
             ("what's my name", "name", ["ana"], ["milo"])],
        ],
        "malik": [
            [S("yo milo, malik. me and my cousin Dre are opening a barbershop next month")],
            [("what are we opening", "told", ["barber"], None),
             ("who am i opening it with", "told", ["dre", "cousin"], None),
             ("what will the barbershop be called", "never", None, None),
             ("What's a fade haircut?", "world", ["short", "side", "taper", "gradual", "blend"], None)],
        ],
    },
    "dec117": {  # written 2026-12-06 (thirty-first session) before running it
        "bogdan": [
            [S("Dzień dobry Milo, jestem Bogdan. I drive a delivery van around Kraków.")],
            [S("My wife Ewa makes the best pierogi in the city, she sells them on Saturdays.")],
            [("What do I drive?", "told", ["van"], None),
             ("Who makes pierogi?", "told", ["ewa", "wife"], None),
             ("When does Ewa sell them?", "told", ["saturday"], None),
             ("How much are Ewa's pierogi?", "never", None, None),
             ("what's my name", "name", ["bogdan"], ["milo"])],
        ],
        "chloe": [
            [S("hey milo, chloe here. my piano recital is on the 12th")],
            [S("oh wait, it's the 14th, not the 12th, they changed the hall")],
            [("when is my recital", "corrected", ["14"], ["on the 12th"]),
             ("what am i playing at the recital", "never", None, None)],
        ],
    },
    "dec118": {  # written 2026-12-06 (thirty-first session) before running it
        "kofi": [
            [S("Akwaaba Milo! Me din de Kofi. I coach a youth football team in Kumasi.")],
            [S("Our goalkeeper Yaw saved two penalties on Sunday.")],
            [("What sport do I coach?", "told", ["football", "soccer"], None),
             ("Who saved the penalties?", "told", ["yaw"], None),
             ("What's our team called?", "never", None, None),
             ("How many players are on a football team?", "world", ["11", "eleven"], None)],
        ],
        "mei": [
            [S("Hi Milo, I'm Mei. I've been learning to make dumplings from my aunt.")],
            [S("Sorry, from my grandmother, not my aunt. My aunt only eats them!")],
            [("Who is teaching me to make dumplings?", "corrected", ["grandmother", "grandma"], ["from your aunt"]),
             ("What am I learning to make?", "told", ["dumpling"], None),
             ("What is my aunt's name?", "never", None, None)],
        ],
    },
    "dec119": {  # written 2026-12-06 (thirty-first session) before running it
        "rosa": [
            [S("Ciao Milo, mi chiamo Rosa. I have three grandchildren and the youngest, Matteo, is six.")],
            [S("Matteo wants to be an astronaut when he grows up.")],
            [("How many grandchildren do I have?", "told", ["three", "3"], None),
             ("How old is Matteo?", "told", ["six", "6"], None),
             ("What does Matteo want to be?", "told", ["astronaut"], None),
             ("What are my other grandchildren called?", "never", None, None),
             ("who am i", "name", ["rosa"], ["milo"])],
        ],
        "arjun": [
            [S("hey milo its arjun. i play cricket every sunday with my office team")],
            [S("we lost last week by 12 runs, so annoying")],
            [("when do i play cricket", "told", ["sunday"], None),
             ("who do i play with", "told", ["office", "colleague", "work"], None),
             ("by how much did we lose", "told", ["12", "twelve"], None),
             ("what position do i bat", "never", None, None)],
        ],
    },
    "dec120": {  # written 2026-12-06 (thirty-first session) before running it
        "nadia": [
            [S("Bonjour Milo, je m'appelle Nadia. I translate books from Russian into French.")],
            [S("Correction: it's from Ukrainian, not Russian.")],
            [("What language do I translate from?", "corrected", ["ukrainian"], ["from russian"]),
             ("What do I translate into?", "told", ["french"], None),
             ("What book am I translating now?", "never", None, None)],
        ],
        "ben": [
            [S("alright milo, ben here. my dog rolo is a beagle and he's terrified of thunder")],
            [("what breed is rolo", "told", ["beagle"], None),
             ("what is rolo scared of", "told", ["thunder"], None),
             ("how old is rolo", "never", None, None),
             ("Why are dogs scared of thunder?", "world", ["loud", "noise", "sound", "pressure", "static", "hearing"], None)],
        ],
    },
    "dec121": {  # written 2026-12-06 (thirty-first session) before running it
        "sipho": [
            [S("Sawubona Milo, igama lami nguSipho. I'm a nurse at a clinic in Durban.")],
            [S("My wife Thandi and I are expecting our first baby in March!")],
            [("Where do I work?", "told", ["clinic", "durban"], None),
             ("When is the baby due?", "told", ["march"], None),
             ("Is it a boy or a girl?", "never", None, None),
             ("what's my wife's name", "told", ["thandi"], None),
             ("who am i", "name", ["sipho"], ["milo"])],
        ],
        "lucas": [
            [S("hey milo, lucas. i bought a used motorbike last week, a red honda")],
            [S("update: i sold it already, it kept breaking down")],
            [("what colour was my motorbike", "told", ["red"], None),
             ("do i still have the motorbike", "corrected", ["sold"], None),
             ("how much did i pay for it", "never", None, None)],
        ],
    },
    "dec122": {  # written 2026-12-06 (thirty-first session) before running it
        "aiyana": [
            [S("Hi Milo, I'm Aiyana. I volunteer at the animal shelter on Tuesdays and Thursdays.")],
            [S("They just moved my Thursday shift to Friday.")],
            [("which days do i volunteer", "corrected", ["friday"], ["tuesdays and thursdays"]),
             ("where do i volunteer", "told", ["shelter"], None),
             ("what animals do i look after", "never", None, None)],
        ],
        "oskar": [
            [S("God morgon Milo, jag heter Oskar. I'm retired and I paint watercolours of birds.")],
            [("What do I paint?", "told", ["bird", "watercolo"], None),
             ("Am I still working?", "told", ["retired"], None),
             ("Where do I sell my paintings?", "never", None, None),
             ("What is watercolour paint made of?", "world", ["pigment", "gum", "binder", "water"], None)],
        ],
    },
    "dec123": {  # written 2026-12-07 (thirty-first session) before running it
        "yuki": [
            [S("Hi Milo, I'm Yuki. I teach English at a junior high school in Sapporo.")],
            [S("My husband Daichi is a chef, he makes amazing ramen.")],
            [("What do I teach?", "told", ["english"], None),
             ("What does Daichi cook?", "told", ["ramen"], None),
             ("Where is Daichi's restaurant?", "never", None, None),
             ("who is daichi", "told", ["husband"], None)],
        ],
        "pablo": [
            [S("hola milo, soy pablo. i'm learning the guitar, my teacher is called ines")],
            [S("actually my teacher is marta now, ines moved to valencia")],
            [("who is my guitar teacher", "corrected", ["marta"], ["teacher is called ines"]),
             ("where did ines move", "told", ["valencia"], None),
             ("how long have i played guitar", "never", None, None)],
        ],
    },
    "dec124": {  # written 2026-12-07 (thirty-first session) before running it
        "amara": [
            [S("Good evening Milo, I'm Amara. I run a small bakery in Accra with my sister Efua.")],
            [S("Our best seller is coconut bread.")],
            [("What do I run?", "told", ["bakery"], None),
             ("Who do I run it with?", "told", ["efua", "sister"], None),
             ("What sells best?", "told", ["coconut"], None),
             ("What time does the bakery open?", "never", None, None)],
        ],
        "tom": [
            [S("morning milo, tom. i swim in the sea every day, even in winter")],
            [("how often do i swim", "told", ["every day", "daily"], None),
             ("where do i swim", "told", ["sea"], None),
             ("how cold is the sea in winter", "world", ["degree", "°", "cold", "c"], None)],
        ],
    },
    "dec125": {  # written 2026-12-07 (thirty-second session) before running it
        "sofía": [
            [S("Hola Milo! Me llamo Sofía. I'm a vet in Valencia, mostly horses.")],
            [S("my horse trueno is twelve and he hates the rain")],
            [("What animals do I treat?", "told", ["horse"], None),
             ("how old is trueno", "told", ["twelve", "12"], None),
             ("what does trueno hate", "told", ["rain"], None),
             ("what colour is trueno", "never", None, ["brown", "black", "white", "grey", "chestnut"]),
             ("What's my name?", "name", ["sofía", "sofia"], ["milo"])],
        ],
        "grzegorz": [
            [S("Cześć Milo, mam na imię Grzegorz. I drive trams in Kraków.")],
            [S("sorry, buses, not trams. I switched last spring.")],
            [("what do i drive", "corrected", ["bus"], ["you drive trams"]),
             ("Where do I work?", "told", ["kraków", "krakow"], None),
             ("When did I switch?", "told", ["spring"], None),
             ("Do you know my name?", "name", ["grzegorz"], ["milo"])],
        ],
    },
    "dec126": {  # written 2026-12-07 (thirty-second session) before running it
        "nkechi": [
            [S("Hi Milo, Nkechi here. My twins Obi and Ada start school on Monday.")],
            [S("Ada wants to be an astronaut, Obi just wants to play football.")],
            [("When do the twins start school?", "told", ["monday"], None),
             ("what does ada want to be", "told", ["astronaut"], None),
             ("What does Obi like?", "told", ["football"], None),
             ("What school are they going to?", "never", None, None),
             ("how old are my twins", "never", None, None),
             ("How far away is the moon?", "world", ["km", "kilomet", "miles", "384", "238"], None)],
        ],
        "henrik": [
            [S("hey milo, henrik. i brew my own beer in the garage")],
            [S("my latest batch is a dark stout, it needs three more weeks")],
            [("what do i brew", "told", ["beer"], None),
             ("where do i brew", "told", ["garage"], None),
             ("how long until the stout is ready", "told", ["three weeks", "3 weeks", "three more weeks", "3 more weeks"], None),
             ("what is my stout called", "never", None, None)],
        ],
    },
    "dec127": {  # written 2026-12-07 (thirty-second session) before running it
        "léa": [
            [S("Bonsoir Milo, je m'appelle Léa. I play the oboe in a community orchestra.")],
            [S("our concert is on the 18th, we're playing Dvořák")],
            [S("the concert moved to the 20th because the hall flooded")],
            [("what instrument do I play", "told", ["oboe"], None),
             ("When is the concert?", "corrected", ["20"], ["18th"]),
             ("Why did it move?", "told", ["flood"], None),
             ("What are we playing?", "told", ["dvořák", "dvorak"], None),
             ("Who conducts the orchestra?", "never", None, None)],
        ],
        "kwame": [
            [S("Milo, it's Kwame. My grandmother Akosua turns ninety next week!")],
            [("who is turning ninety", "told", ["akosua", "grandmother"], None),
             ("how old will akosua be", "told", ["ninety", "90"], None),
             ("where is the party", "never", None, None),
             ("What's my grandfather's name?", "never", None, ["akosua"])],
        ],
    },
    "dec128": {  # written 2026-12-07 (thirty-second session) before running it
        "ingrid": [
            [S("hi milo im ingrid i knit sweaters for my grandkids")],
            [S("i have four grandkids, the youngest is called linnea")],
            [("what do i knit", "told", ["sweater"], None),
             ("how many grandkids do i have", "told", ["four", "4"], None),
             ("whats the youngest called", "told", ["linnea"], None),
             ("how old is linnea", "never", None, None),
             ("what colour are the sweaters", "never", None, ["red", "blue", "green", "grey", "white"])],
        ],
        "dmitri": [
            [S("Привет, Milo! Меня зовут Дмитрий. I fix bicycles at a shop near the river.")],
            [S("my dog bublik comes to work with me")],
            [("What do I fix?", "told", ["bicycle", "bike"], None),
             ("who comes to work with me", "told", ["bublik", "dog"], None),
             ("what breed is bublik", "never", None, None),
             ("What's my name?", "name", ["дмитрий", "dmitri", "dmitry"], ["milo"])],
        ],
    },
    "dec129": {  # written 2026-12-07 (thirty-third session) before running it
        "siobhán": [
            [S("Hi Milo, I'm Siobhán. I teach piano to kids after school, and my son Oisín is learning the fiddle.")],
            [S("oh and I got a new piano last month, it's an old Bechstein upright")],
            [S("sorry, I meant a Blüthner, not a Bechstein")],
            [("what do I teach", "told", ["piano"], None),
             ("What's my son learning?", "told", ["fiddle"], None),
             ("What make is my new piano?", "corrected", ["blüthner", "bluthner"], ["bechstein"]),
             ("how old is oisín", "never", None, None),
             ("where do I teach", "never", None, None)],
        ],
        "tomasz": [
            [S("hey milo tomasz here i work nights as a baker in gdansk")],
            [S("my wife ewa is a nurse and we have a cat called pierog")],
            [("what's my wife's job", "told", ["nurse"], None),
             ("whats the cats name", "told", ["pierog"], None),
             ("what time do i start work", "never", None, None),
             ("what does ewa like to eat", "never", None, None),
             ("Who am I?", "name", ["tomasz"], ["milo"])],
        ],
    },
    "dec130": {  # written 2026-12-07 (thirty-third session) before running it
        "amara": [
            [S("Milo! It's Amara. I just started volunteering at the animal shelter on Saturdays.")],
            [S("I walk the dogs there, my favourite is a old greyhound called Biscuit")],
            [S("they moved my shift to Sundays")],
            [("when do I volunteer", "corrected", ["sunday"], ["saturday"]),
             ("What do I do at the shelter?", "told", ["walk", "dog"], None),
             ("what breed is biscuit", "told", ["greyhound"], None),
             ("how old is biscuit", "never", None, None),
             ("What's the shelter called?", "never", None, None)],
        ],
        "haruto": [
            [S("こんにちは Milo, I'm Haruto. I'm studying marine biology in Lisbon.")],
            [S("my thesis is about octopus camouflage")],
            [("What do I study?", "told", ["marine biology"], None),
             ("where do i study", "told", ["lisbon"], None),
             ("what is my thesis about", "told", ["octopus", "camouflage"], None),
             ("who is my supervisor", "never", None, None),
             ("when is my thesis due", "never", None, None)],
        ],
    },
    "dec131": {  # written 2026-12-07 (thirty-third session) before running it
        "fatima": [
            [S("hi milo its fatima, i'm a pharmacist in leicester and i have twin boys, yusuf and idris")],
            [S("my friend Noor just opened a café on the high street, she makes the best cardamom buns")],
            [("what do i do for a living", "told", ["pharmacist"], None),
             ("what are my boys called", "told", ["yusuf", "idris"], None),
             ("how old are the twins", "never", None, None),
             ("what does noor make", "told", ["cardamom", "bun"], None),
             ("where is noor's café", "told", ["high street"], None),
             ("What does Noor do for a living?", "told", ["café", "cafe"], ["pharmacist"])],
        ],
        "joão": [
            [S("Olá Milo! Sou o João. I restore old sailing boats in Porto, in a shed by the river.")],
            [S("right now i'm working on a fishing boat from 1962, the hull is oak")],
            [("what do i restore", "told", ["boat"], None),
             ("how old is the fishing boat", "told", ["1962"], None),
             ("what is the hull made of", "told", ["oak"], None),
             ("what is the boat called", "never", None, None)],
        ],
    },
    "dec132": {  # written 2026-12-07 (thirty-third session) before running it
        "greta": [
            [S("Hallo Milo, ich bin Greta. I'm training for my first marathon in Berlin in September.")],
            [S("I run with my neighbour Jonas on Tuesdays and Thursdays, he is much faster than me")],
            [S("sorry, it's Tuesdays and Saturdays, not Thursdays")],
            [("Which marathon am I training for?", "told", ["berlin"], None),
             ("who do i run with", "told", ["jonas", "neighbour"], None),
             ("which days do i run", "corrected", ["saturday"], ["thursday"]),
             ("what is my marathon goal time", "never", None, None),
             ("what did I have for breakfast", "never", None, None)],
        ],
        "kofi": [
            [S("Milo, it's Kofi. My daughter Ama is getting married in Kumasi next June.")],
            [S("her fiancé is called Daniel, he's a doctor")],
            [("who is getting married", "told", ["ama", "daughter"], None),
             ("where is the wedding", "told", ["kumasi"], None),
             ("What does Daniel do?", "told", ["doctor"], None),
             ("how many guests are coming", "never", None, None)],
        ],
    },
    "dec133": {  # written 2026-12-07 (thirty-fourth session) before running it
        "ipek": [
            [S("Merhaba Milo, ben İpek. I run a small ceramics studio in İzmir.")],
            [S("My brother Emre is a firefighter, he's visiting us next weekend")],
            [S("oh and I had menemen for breakfast, my favourite")],
            [("what kind of studio do i run", "told", ["ceramic"], None),
             ("where is my studio", "told", ["izmir"], None),
             ("What does Emre do?", "told", ["firefighter"], None),
             ("when is emre visiting", "told", ["weekend"], None),
             ("what did i have for breakfast", "told", ["menemen"], None),
             ("what did i have for dinner", "never", None, None),
             ("how many kilns do i have", "never", None, None)],
        ],
        "rafael": [
            [S("oi Milo, Rafael aqui. I'm a bus driver in Porto, I drive the number 500 to Matosinhos.")],
            [S("my daughter Beatriz started university, she's studying law in Coimbra")],
            [S("correction, she's studying medicine, not law")],
            [("which bus do i drive", "told", ["500"], None),
             ("what does beatriz study", "corrected", ["medicine"], ["law"]),
             ("where does my daughter go to university", "told", ["coimbra"], None),
             ("what is my wife called", "never", None, None),
             ("How long is the Douro river?", "world", ["km", "kilomet", "miles", "897"], None)],
        ],
    },
    "dec134": {  # written 2026-12-07 (thirty-fourth session) before running it
        "thảo": [
            [S("Chào Milo! Mình là Thảo. I'm a nurse on the night shift at a children's hospital.")],
            [S("my boyfriend Lucas is a chef, he cooks amazing pho on sundays")],
            [("where do i work", "told", ["hospital"], None),
             ("what does my boyfriend do", "told", ["chef"], None),
             ("when does lucas cook pho", "told", ["sunday"], None),
             ("what is my name", "name", ["thảo", "thao"], ["milo"]),
             ("what is lucas's restaurant called", "never", None, None)],
        ],
        "dieter": [
            [S("Guten Abend Milo, Dieter here. I'm retired and I restore vintage motorbikes in my shed.")],
            [S("I'm working on a 1972 BMW R75 at the moment")],
            [S("my grandson Felix helps me on Saturdays")],
            [("what am i restoring right now", "told", ["bmw", "r75"], None),
             ("who helps me", "told", ["felix", "grandson"], None),
             ("where do I work on the bikes", "told", ["shed"], None),
             ("what did I do before I retired", "never", None, None),
             ("how old is felix", "never", None, None)],
        ],
    },
    "dec135": {  # written 2026-12-07 (thirty-fourth session) before running it
        "aroha": [
            [S("Kia ora Milo, I'm Aroha. I coach a netball team of teenagers in Rotorua.")],
            [S("we have a big tournament in Hamilton on the 14th")],
            [S("actually the tournament got moved to the 21st")],
            [("what sport do i coach", "told", ["netball"], None),
             ("when is the tournament", "corrected", ["21"], ["14"]),
             ("where is the tournament", "told", ["hamilton"], None),
             ("what is my team called", "never", None, None),
             ("who won the tournament last year", "never", None, None)],
        ],
        "priya": [
            [S("hello milo, priya here. i just moved to Edinburgh for a job at a bank")],
            [S("my mum keeps calling every day asking if I'm eating properly lol")],
            [("where did i move to", "told", ["edinburgh"], None),
             ("where do i work", "told", ["bank"], None),
             ("who calls me every day", "told", ["mum", "mother"], None),
             ("what's my mum's name", "never", None, None),
             ("what did i eat today", "never", None, None)],
        ],
    },
    "dec136": {  # written 2026-12-07 (thirty-fourth session) before running it
        "søren": [
            [S("Hej Milo, jeg hedder Søren. I'm an architect in Aarhus and I cycle to work every day.")],
            [S("my partner Mads and I are adopting a dog next month, a border collie")],
            [("what is my job", "told", ["architect"], None),
             ("how do i get to work", "told", ["cycl", "bike"], None),
             ("what kind of dog are we getting", "told", ["collie"], None),
             ("what will the dog be called", "never", None, None),
             ("Who am I?", "name", ["søren", "soren"], ["milo"])],
        ],
        "leila": [
            [S("Salut Milo, c'est Leila. I'm writing a cookbook of my grandmother's Moroccan recipes.")],
            [S("the first chapter is about tagines, I'm testing them all in my tiny kitchen")],
            [S("my editor wants the manuscript by March")],
            [("what am i writing", "told", ["cookbook"], None),
             ("whose recipes are in my book", "told", ["grandmother"], None),
             ("what's the first chapter about", "told", ["tagine"], None),
             ("when is the manuscript due", "told", ["march"], None),
             ("what is my editor's name", "never", None, None),
             ("What is a tagine?", "world", ["dish", "pot", "stew", "clay"], None)],
        ],
    },
    "dec137": {  # written 2026-12-07 (thirty-fourth session) before running it
        "malik": [
            [S("yo milo its malik, i drive a forklift at a warehouse in leeds")],
            [S("my sister nadia is getting her phd in chemistry at manchester")],
            [S("we're throwing her a surprise party next saturday at my flat")],
            [("what do i drive", "told", ["forklift"], None),
             ("what is nadia studying", "told", ["chemistry"], None),
             ("where is the party", "told", ["flat"], None),
             ("when is the party", "told", ["saturday"], None),
             ("how many people are coming to the party", "never", None, None),
             ("what is my boss called", "never", None, None)],
        ],
        "ingrid": [
            [S("God morgen Milo! Ingrid here. I have three goats and a very grumpy donkey called Tor.")],
            [S("Oops, I have four goats, not three, I forgot little Sølvi")],
            [("how many goats do i have", "corrected", ["four", "4"], ["three"]),
             ("what is my donkey called", "told", ["tor"], None),
             ("who is sølvi", "told", ["goat"], None),
             ("what do the goats eat", "never", None, None)],
        ],
    },
    "dec138": {  # written 2026-12-07 (thirty-fourth session) before running it
        "chen": [
            [S("Hi Milo, I'm Chen Wei. I'm a software tester and I play the erhu in a community orchestra.")],
            [S("Our next concert is at the Town Hall on December 20th.")],
            [S("The concert got cancelled because the hall is being renovated.")],
            [("what instrument do i play", "told", ["erhu"], None),
             ("what is my job", "told", ["tester", "software"], None),
             ("when is my next concert", "corrected", ["cancel"], None),
             ("who conducts the orchestra", "never", None, None),
             ("How many strings does an erhu have?", "world", ["two", "2"], None)],
        ],
        "marisol": [
            [S("buenas milo soy marisol i just started a job as a paramedic in valencia")],
            [S("my partner andrés is a firefighter so we both work crazy shifts")],
            [("what is my new job", "told", ["paramedic"], None),
             ("what does andrés do", "told", ["firefighter"], None),
             ("where do i work", "told", ["valencia"], None),
             ("what shift do i work tonight", "never", None, None),
             ("what's my name", "name", ["marisol"], ["milo"])],
        ],
    },
    "dec139": {  # written 2026-12-07 (thirty-fourth session) before running it
        "olu": [
            [S("Morning Milo, Olu here. My son Tunde just learned to ride a bike without stabilisers!")],
            [S("He's five and he's so proud of himself")],
            [S("my daughter Kemi is eight and she wants to learn too")],
            [("how old is tunde", "told", ["five", "5"], None),
             ("how old is kemi", "told", ["eight", "8"], None),
             ("what did tunde learn", "told", ["bike", "ride"], None),
             ("what colour is tunde's bike", "never", None, None),
             ("what is my wife called", "never", None, None)],
        ],
        "hana": [
            [S("Ahoj Milo, jsem Hana. I'm a beekeeper in the hills near Olomouc.")],
            [S("I harvested forty kilos of honey this summer")],
            [("what do i do", "told", ["bee"], None),
             ("how much honey did i get", "told", ["forty", "40"], None),
             ("where are my hives", "told", ["olomouc", "hills"], None),
             ("how many hives do i have", "never", None, None),
             ("Why do bees make honey?", "world", ["food", "winter", "nectar", "eat"], None)],
        ],
    },
    "dec140": {  # written 2026-12-07 (thirty-fourth session) before running it
        "yusuf": [
            [S("Selam Milo, ben Yusuf. I'm a tailor, I have a little shop in Bursa.")],
            [S("my wife Elif bakes the best baklava in the neighbourhood")],
            [S("we're flying to Amsterdam next month to visit our daughter")],
            [("what do i do for a living", "told", ["tailor"], None),
             ("where is my shop", "told", ["bursa"], None),
             ("what does elif bake", "told", ["baklava"], None),
             ("where does our daughter live", "told", ["amsterdam"], None),
             ("what is our daughter's name", "never", None, None),
             ("what did i have for lunch", "never", None, None)],
        ],
        "noa": [
            [S("hey milo, noa here! i just got back from a week of surfing in portugal")],
            [S("i stayed in ericeira, the waves were huge")],
            [("where did i go surfing", "told", ["portugal", "ericeira"], None),
             ("how long was my trip", "told", ["week"], None),
             ("how were the waves", "told", ["huge"], None),
             ("who did i go with", "never", None, None),
             ("where do i live", "never", None, None)],
        ],
    },
    "dec141": {  # written 2026-12-07 (thirty-fifth session) before running it
        "ingrid": [
            [S("hi milo, I'm Ingrid. I work night shifts as a paramedic in Tromsø")],
            [S("my husband Leif is a fisherman, he's out on the boat most weeks")],
            [S("actually he sold the boat last month, he works at the harbour office now")],
            [("what is my job", "told", ["paramedic"], None),
             ("when do i work", "told", ["night"], None),
             ("what does leif do now", "corrected", ["harbour", "office"], None),
             ("what happened to the boat", "told", ["sold"], None),
             ("how many children do we have", "never", None, None),
             ("what is leif's favourite food", "never", None, None)],
        ],
        "tomasz": [
            [S("Milo, it's Tomasz. I keep bees, twelve hives at the bottom of the orchard")],
            [S("the honey this year was dark, mostly from buckwheat")],
            [("how many hives do i have", "told", ["twelve", "12"], None),
             ("where are my hives", "told", ["orchard"], None),
             ("what was the honey like this year", "told", ["dark", "buckwheat"], None),
             ("how much honey did i sell", "never", None, None),
             ("What do bees eat?", "world", ["nectar", "pollen", "honey"], None)],
        ],
    },
    "dec142": {  # written 2026-12-07 (thirty-fifth session) before running it
        "amara": [
            [S("hello! my name is Amara and I'm learning to play the cello, lessons every wednesday")],
            [S("my teacher is called Mr Okafor, he's very strict but kind")],
            [S("i'm practising a Bach suite for a recital in March")],
            [("what instrument am i learning", "told", ["cello"], None),
             ("when are my lessons", "told", ["wednesday"], None),
             ("who is my teacher", "told", ["okafor"], None),
             ("what am i practising", "told", ["bach", "suite"], None),
             ("when is my recital", "told", ["march"], None),
             ("where is the recital", "never", None, None),
             ("how old am i", "never", None, None)],
        ],
        "rui": [
            [S("boa noite Milo, sou o Rui. I just adopted a greyhound called Faísca")],
            [S("she was a racing dog, she's four years old and very shy")],
            [("what kind of dog did i adopt", "told", ["greyhound"], None),
             ("what's my dog's name", "told", ["faísca", "faisca"], None),
             ("how old is she", "told", ["four", "4"], None),
             ("what's my name", "name", ["rui"], ["milo"]),
             ("what does my dog eat", "never", None, None)],
        ],
    },
    "dec143": {  # written 2026-12-07 (thirty-fifth session) before running it
        "hana": [
            [S("hey milo, Hana here. my sister Yuki is getting married in Kyoto in April")],
            [S("I'm making the cake, three tiers with matcha and white chocolate")],
            [S("oh and I'm the maid of honour too, so nervous about the speech")],
            [("who is getting married", "told", ["yuki"], None),
             ("where is the wedding", "told", ["kyoto"], None),
             ("what flavour is the cake", "told", ["matcha", "chocolate"], None),
             ("how many tiers will the cake have", "told", ["three", "3"], None),
             ("what am i nervous about", "told", ["speech"], None),
             ("who is yuki marrying", "never", None, None),
             ("what will i wear", "never", None, None)],
        ],
        "olu": [
            [S("I'm Olu, I run a small bike repair stall at the market on saturdays")],
            [S("during the week I'm a maths teacher")],
            [("when is my stall open", "told", ["saturday"], None),
             ("what do i repair", "told", ["bike"], None),
             ("what do i teach", "told", ["math"], None),
             ("which school do i teach at", "never", None, None),
             ("How many wheels does a tricycle have?", "world", ["three", "3"], None)],
        ],
    },
    "dec144": {  # written 2026-12-07 (thirty-fifth session) before running it
        "sione": [
            [S("Talofa Milo, I'm Sione. I play rugby for a club in Auckland, I'm a prop")],
            [S("broke my thumb at training on tuesday so I'm out for six weeks")],
            [S("sorry, it was on thursday, not tuesday")],
            [("what sport do i play", "told", ["rugby"], None),
             ("what position do i play", "told", ["prop"], None),
             ("what did i break", "told", ["thumb"], None),
             ("when did i break it", "corrected", ["thursday"], ["tuesday"]),
             ("how long am i out for", "told", ["six", "6"], None),
             ("what is my club called", "never", None, None)],
        ],
        "marguerite": [
            [S("bonjour, c'est Marguerite. I grow tomatoes and courgettes on my allotment")],
            [S("the slugs ate all my lettuces last week")],
            [("what do i grow", "told", ["tomato", "courgette"], None),
             ("what happened to my lettuces", "told", ["slug"], None),
             ("where is my allotment", "never", None, None),
             ("what's my name", "name", ["marguerite"], ["milo"])],
        ],
    },
    "dec145": {  # written 2026-12-07 (thirty-fifth session) before running it
        "daniela": [
            [S("hola milo soy daniela i work as a vet in valparaíso mostly cats and dogs")],
            [S("i don't eat meat, i've been vegetarian for ten years")],
            [S("my brother Andrés is coming to stay for christmas with his two kids")],
            [("what is my job", "told", ["vet"], None),
             ("where do i work", "told", ["valpara"], None),
             ("do i eat meat", "told", ["vegetarian", "don't", "do not", "no"], None),
             ("how long have i been vegetarian", "told", ["ten", "10"], None),
             ("who is coming for christmas", "told", ["andr"], None),
             ("how many kids does andrés have", "told", ["two", "2"], None),
             ("what are andrés's kids called", "never", None, None)],
        ],
        "kwame": [
            [S("good evening Milo, Kwame here. I just finished my first pottery class, I made a wonky bowl")],
            [S("the class is on monday nights at the arts centre")],
            [("what did i make", "told", ["bowl"], None),
             ("when is my class", "told", ["monday"], None),
             ("where is the class", "told", ["arts"], None),
             ("who teaches the class", "never", None, None),
             ("What is pottery clay made of?", "world", ["mineral", "earth", "silica", "alumin", "kaolin", "soil", "rock", "water"], None)],
        ],
    },
    "dec146": {  # written 2026-12-07 (thirty-fifth session) before running it
        "liesel": [
            [S("Guten Tag Milo! Ich bin Liesel. I'm a retired nurse and I volunteer at the library on fridays")],
            [S("my granddaughter Mia turns six next week, we're having a party with a unicorn cake")],
            [S("oh no, the party is on sunday not saturday, I got mixed up")],
            [("what did i do before i retired", "told", ["nurse"], None),
             ("when do i volunteer", "told", ["friday"], None),
             ("where do i volunteer", "told", ["library"], None),
             ("how old will mia be", "told", ["six", "6"], None),
             ("what kind of cake is it", "told", ["unicorn"], None),
             ("when is the party", "corrected", ["sunday"], ["saturday"]),
             ("what present am i giving mia", "never", None, None)],
        ],
        "arjun": [
            [S("arjun here, I've started learning to code, python mainly, two hours every evening")],
            [("what am i learning", "told", ["code", "coding", "python"], None),
             ("how long do i practise each day", "told", ["two", "2"], None),
             ("why am i learning to code", "never", None, None),
             ("what's my name", "name", ["arjun"], ["milo"])],
        ],
    },
    "dec147": {  # written 2026-12-07 (thirty-fifth session) before running it
        "mei": [
            [S("hi Milo, I'm Mei! I have two cats, Mochi and Tofu")],
            [S("Mochi is the ginger one, Tofu is all white and a bit deaf")],
            [S("I work from home as a translator, Japanese to English")],
            [("how many cats do i have", "told", ["two", "2"], None),
             ("what are my cats called", "told", ["mochi", "tofu"], None),
             ("which cat is deaf", "told", ["tofu"], None),
             ("what colour is mochi", "told", ["ginger"], None),
             ("what languages do i translate", "told", ["japanese", "english"], None),
             ("how old is tofu", "never", None, None),
             ("who do i live with", "never", None, None)],
        ],
        "bjorn": [
            [S("hey milo its bjorn, im building a wooden canoe in my garage")],
            [S("it's five metres long and made of cedar strips")],
            [("what am i building", "told", ["canoe"], None),
             ("how long is it", "told", ["five", "5"], None),
             ("what wood am i using", "told", ["cedar"], None),
             ("when will it be finished", "never", None, None),
             ("How do canoes float?", "world", ["buoyan", "water", "displace", "air", "density", "dense"], None)],
        ],
    },
    "dec148": {  # written 2026-12-07 (thirty-fifth session) before running it
        "fatou": [
            [S("Bonsoir Milo, c'est Fatou. I run a little restaurant in Dakar with my mother")],
            [S("our speciality is thieboudienne, fish and rice")],
            [S("we're closed on mondays, that's my only day off")],
            [("what do i run", "told", ["restaurant"], None),
             ("who do i run it with", "told", ["mother", "mum"], None),
             ("what is our speciality", "told", ["thieboudienne", "fish"], None),
             ("when is the restaurant closed", "told", ["monday"], None),
             ("what is my mother's name", "never", None, None),
             ("how many tables do we have", "never", None, None)],
        ],
        "pete": [
            [S("milo it's pete, my knee surgery went fine yesterday")],
            [S("the physio says no running for three months")],
            [("what surgery did i have", "told", ["knee"], None),
             ("how did it go", "told", ["fine", "well", "good"], None),
             ("how long can't i run", "told", ["three", "3"], None),
             ("who did my surgery", "never", None, None),
             ("what's my name", "name", ["pete"], ["milo"])],
        ],
    },
    "dec149": {  # written 2026-12-07 (thirty-fifth session) before running it
        "nkechi": [
            [S("hi milo, nkechi here. I'm a midwife at a hospital in Enugu")],
            [S("my son Chidera plays the saxophone in the school band")],
            [S("he has a concert on the 12th, I'm so proud")],
            [("what do i do for work", "told", ["midwife"], None),
             ("where is the hospital", "told", ["enugu"], None),
             ("what does chidera play", "told", ["saxophone", "sax"], None),
             ("when is the concert", "told", ["12"], None),
             ("who plays in the band", "told", ["chidera", "son"], None),
             ("how old is chidera", "never", None, None),
             ("what's my name", "name", ["nkechi"], ["milo"])],
        ],
        "oskar": [
            [S("Milo, Oskar here. I brew my own beer at home, mostly dark ales")],
            [S("my latest batch went sour, had to pour it all away")],
            [("what do i brew", "told", ["beer", "ale"], None),
             ("what happened to my latest batch", "told", ["sour"], None),
             ("where do i brew", "told", ["home"], None),
             ("how many litres do i brew", "never", None, None)],
        ],
    },
    "dec150": {  # written 2026-12-07 (thirty-fifth session) before running it
        "ayla": [
            [S("hello milo! I'm Ayla, I study marine biology in Bergen")],
            [S("this summer I'm doing fieldwork on whales near the Lofoten islands")],
            [S("my supervisor Dr Haugen is coming with us")],
            [("what do i study", "told", ["marine", "biology"], None),
             ("where do i study", "told", ["bergen"], None),
             ("what am i doing this summer", "told", ["fieldwork", "whale"], None),
             ("where is the fieldwork", "told", ["lofoten"], None),
             ("who is my supervisor", "told", ["haugen"], None),
             ("how long is the fieldwork", "never", None, None),
             ("What do whales eat?", "world", ["krill", "fish", "plankton", "squid"], None)],
        ],
        "gus": [
            [S("gus here, i coach a kids football team on sunday mornings")],
            [S("we won 3-1 yesterday, first win of the season")],
            [("what do i coach", "told", ["football"], None),
             ("when do we play", "told", ["sunday"], None),
             ("what was the score", "told", ["3"], None),
             ("how many kids are on the team", "never", None, None),
             ("what's the team called", "never", None, None)],
        ],
    },
    "dec151": {  # written 2026-12-07 (thirty-fifth session) before running it
        "rosa": [
            [S("buongiorno milo, sono Rosa. I have a flower stall at the market in Bologna")],
            [S("tuesdays and fridays I'm there from 6am")],
            [S("actually it's thursdays now, not tuesdays")],
            [("what do i sell", "told", ["flower"], None),
             ("where is my stall", "told", ["bologna", "market"], None),
             ("which days am i at the market", "corrected", ["thursday"], ["tuesdays and"]),
             ("what time do i start", "told", ["6"], None),
             ("what flowers sell best", "never", None, None)],
        ],
        "dev": [
            [S("hey milo, I'm Dev. my partner Sam and I just bought our first house")],
            [S("it's a tiny terrace in Sheffield with a big garden")],
            [("who did i buy the house with", "told", ["sam"], None),
             ("where is our house", "told", ["sheffield"], None),
             ("what kind of house is it", "told", ["terrace"], None),
             ("how much did we pay", "never", None, None),
             ("when do we move in", "never", None, None)],
        ],
    },
    "dec152": {  # written 2026-12-07 (thirty-fifth session) before running it
        "hiroko": [
            [S("こんにちは Milo, I'm Hiroko. I teach ikebana on weekends")],
            [S("during the week I work in a bank in Osaka")],
            [S("my students gave me a bonsai for my birthday")],
            [("what do i teach", "told", ["ikebana"], None),
             ("when do i teach", "told", ["weekend"], None),
             ("where do i work during the week", "told", ["bank", "osaka"], None),
             ("what did my students give me", "told", ["bonsai"], None),
             ("when is my birthday", "never", None, None),
             ("how many students do i have", "never", None, None)],
        ],
        "tom": [
            [S("tom here. i'm training my border collie Pip for agility competitions")],
            [S("she's three and faster than me")],
            [("what breed is pip", "told", ["border collie", "collie"], None),
             ("what am i training her for", "told", ["agility"], None),
             ("how old is pip", "told", ["three", "3"], None),
             ("has pip won anything", "never", None, None),
             ("How fast can a border collie run?", "world", ["km", "mph", "miles", "kilomet", "30", "48", "fast"], None)],
        ],
    },
    "dec153": {  # written 2026-12-07 (thirty-fifth session) before running it
        "zanele": [
            [S("sawubona milo, zanele here. i'm a bus driver in durban, early shifts")],
            [S("my daughter Thandi just started university, she's studying law")],
            [S("oh and my mum moved in with us last month")],
            [("what do i drive", "told", ["bus"], None),
             ("where do i drive", "told", ["durban"], None),
             ("what is thandi studying", "told", ["law"], None),
             ("who moved in with us", "told", ["mum", "mother"], None),
             ("when did she move in", "told", ["last month", "month"], None),
             ("which university does thandi go to", "never", None, None),
             ("what's my name", "name", ["zanele"], ["milo"])],
        ],
    },
    "dec154": {  # written 2026-12-07 (thirty-fifth session) before running it
        "mateo": [
            [S("hola Milo, soy Mateo. I play the trumpet in a salsa band on saturday nights")],
            [S("we're recording our first album next month")],
            [S("correction: the album is in two months, not next month")],
            [("what instrument do i play", "told", ["trumpet"], None),
             ("what kind of band is it", "told", ["salsa"], None),
             ("when do we play", "told", ["saturday"], None),
             ("when are we recording the album", "corrected", ["two months"], None),
             ("what is the band called", "never", None, None),
             ("How does a trumpet make sound?", "world", ["lip", "vibrat", "buzz", "air"], None)],
        ],
    },
    "dec155": {  # written 2026-12-07 (thirty-sixth session) before running it
        "kwame": [
            [S("hi milo, kwame here. i run a small bakery in accra with my wife efua")],
            [S("we open at five, the bread sells out by nine")],
            [S("efua does the cakes, i do the bread")],
            [("what do i bake", "told", ["bread"], None),
             ("who does the cakes", "told", ["efua"], None),
             ("where is the bakery", "told", ["accra"], None),
             ("what time do we open", "told", ["five", "5"], None),
             ("how many people work at the bakery", "never", None, None),
             ("what's my wife called", "told", ["efua"], None)],
        ],
        "lena": [
            [S("Hallo Milo! Ich bin Lena. I'm learning to play the cello, lessons every wednesday")],
            [S("my teacher is called Herr Brandt")],
            [S("I've been playing for eight months now")],
            [("what instrument am i learning", "told", ["cello"], None),
             ("when are my lessons", "told", ["wednesday"], None),
             ("who teaches me", "told", ["brandt"], None),
             ("how long have i been playing", "told", ["eight", "8"], None),
             ("what piece am i practising", "never", None, None),
             ("How many strings does a cello have?", "world", ["four", "4"], None)],
        ],
    },
    "dec156": {  # written 2026-12-07 (thirty-sixth session) before running it
        "oskar": [
            [S("milo its oskar i just got back from hiking in patagonia with my brother jonas")],
            [S("we did the w trek in torres del paine, five days")],
            [S("my knee is still sore")],
            [("where did i go hiking", "told", ["patagonia", "torres"], None),
             ("who came with me", "told", ["jonas"], None),
             ("how long was the trek", "told", ["five", "5"], None),
             ("what hurts", "told", ["knee"], None),
             ("what did we eat on the trek", "never", None, None),
             ("when am i going back", "never", None, None)],
        ],
        "mei": [
            [S("Hi Milo, I'm Mei. I'm a nurse on a children's ward in Singapore")],
            [S("I work four night shifts then get three days off")],
            [S("My cat Mochi sleeps on my uniform")],
            [("what is my job", "told", ["nurse"], None),
             ("which ward do i work on", "told", ["children"], None),
             ("what's my cat called", "told", ["mochi"], None),
             ("how many night shifts do i do in a row", "told", ["four", "4"], None),
             ("how old is mochi", "never", None, None),
             ("which hospital do i work at", "never", None, None)],
        ],
    },
    "dec157": {  # written 2026-12-07 (thirty-sixth session) before running it
        "farid": [
            [S("hello milo, i'm farid. my flight to tehran is on the 14th")],
            [S("sorry, i meant the 16th, not the 14th")],
            [S("my aunt Parisa will pick me up at the airport")],
            [("when is my flight", "corrected", ["16"], ["flight is on the 14th"]),
             ("where am i flying to", "told", ["tehran"], None),
             ("who is picking me up", "told", ["parisa"], None),
             ("which airline am i flying with", "never", None, None),
             ("how long am i staying", "never", None, None)],
        ],
        "ingrid": [
            [S("hi milo, ingrid here. i'm vegetarian and allergic to peanuts")],
            [S("i'm cooking dinner for six friends on saturday")],
            [("what am i allergic to", "told", ["peanut"], None),
             ("do i eat meat", "told", ["vegetarian"], None),
             ("how many friends are coming to dinner", "told", ["six", "6"], None),
             ("when is the dinner", "told", ["saturday"], None),
             ("what am i cooking", "never", None, None),
             ("what's my name", "name", ["ingrid"], ["milo"])],
        ],
    },
    "dec158": {  # written 2026-12-07 (thirty-sixth session) before running it
        "liwei": [
            [S("hi milo i am 李伟 li wei i repair bicycles in chengdu")],
            [S("my son plays table tennis for his school team")],
            [("what do i repair", "told", ["bicycle", "bike"], None),
             ("where do i work", "told", ["chengdu"], None),
             ("what sport does my son play", "told", ["table tennis", "ping"], None),
             ("what is my son's name", "never", None, None),
             ("what's my name", "name", ["李伟", "li wei"], ["milo"])],
        ],
        "nadia": [
            [S("hey milo nadia here, i'm running the berlin marathon in september")],
            [S("my goal is to finish under four hours")],
            [S("i'm training with my colleague ben")],
            [("what race am i running", "told", ["marathon"], None),
             ("when is the marathon", "told", ["september"], None),
             ("what's my goal", "told", ["four", "4"], None),
             ("who am i training with", "told", ["ben"], None),
             ("what's my best time", "never", None, None),
             ("How long is a marathon?", "world", ["42", "26"], None)],
        ],
    },
    "dec159": {  # written 2026-12-07 (thirty-sixth session) before running it
        "amara": [
            [S("milo, i'm amara. my grandmother turns ninety next week")],
            [S("we're having a party for her at my uncle's farm")],
            [S("she was a midwife for forty years")],
            [("how old will my grandmother be", "told", ["ninety", "90"], None),
             ("where is the party", "told", ["farm"], None),
             ("what was my grandmother's job", "told", ["midwife"], None),
             ("what is my job", "never", None, ["midwife"]),
             ("what's my grandmother's name", "never", None, None)],
        ],
        "pete": [
            [S("pete here. i keep bees, three hives in my back garden")],
            [S("got 20 jars of honey this year")],
            [S("one hive swarmed in june")],
            [("how many hives do i have", "told", ["three", "3"], None),
             ("where are the hives", "told", ["garden"], None),
             ("how much honey did i get", "told", ["20", "twenty"], None),
             ("when did the hive swarm", "told", ["june"], None),
             ("what kind of bees do i keep", "never", None, None),
             ("Why do bees swarm?", "world", ["queen", "colony", "split", "new"], None)],
        ],
    },
    "dec160": {  # written 2026-12-07 (thirty-sixth session) before running it
        "sione": [
            [S("malo e lelei milo, i'm sione. i play rugby for a club in auckland, i'm a prop")],
            [S("my wife Mele is expecting our first baby in march")],
            [("what sport do i play", "told", ["rugby"], None),
             ("what position do i play", "told", ["prop"], None),
             ("when is the baby due", "told", ["march"], None),
             ("what is my wife's name", "told", ["mele"], None),
             ("is it a boy or a girl", "never", None, None),
             ("what's my club called", "never", None, None)],
        ],
        "claire": [
            [S("hi milo, i'm claire, i'm a translator, french to english mostly")],
            [S("i work from home in a little village near lyon")],
            [S("actually i mostly translate from german now")],
            [("what do i do for work", "told", ["translat"], None),
             ("where do i live", "told", ["lyon", "village"], None),
             ("which language do i translate from", "corrected", ["german"], None),
             ("what's my name", "name", ["claire"], ["milo"]),
             ("how long have i been a translator", "never", None, None)],
        ],
    },
    "dec161": {  # written 2026-12-07 (thirty-sixth session) before running it
        "jimin": [
            [S("안녕 milo, i'm 지민 (Jimin). i work at a game studio in seoul as an animator")],
            [S("my roommate Hana is a florist")],
            [S("we have a cat called Dubu")],
            [("what do i do", "told", ["animat"], None),
             ("where do i work", "told", ["game studio", "seoul"], None),
             ("what does hana do", "told", ["florist"], None),
             ("what's our cat called", "told", ["dubu"], None),
             ("how old is dubu", "never", None, None),
             ("what's my name", "name", ["지민", "jimin"], ["milo"])],
        ],
        "ravi": [
            [S("ravi here, i'm repainting my living room this weekend")],
            [S("the colour is sage green")],
            [S("my neighbour tom is lending me his ladder")],
            [("what am i painting", "told", ["living room"], None),
             ("what colour am i painting it", "told", ["sage", "green"], None),
             ("who is lending me a ladder", "told", ["tom"], None),
             ("when am i painting", "told", ["weekend"], None),
             ("what is tom lending me", "told", ["ladder"], None),
             ("how big is the room", "never", None, None)],
        ],
    },
    "dec162": {  # written 2026-12-07 (thirty-sixth session) before running it
        "olga": [
            [S("dobryi den milo, olga here. my son mykola is learning to swim")],
            [S("his lessons are on monday and thursday at the city pool")],
            [S("sorry, monday and friday, not thursday")],
            [("what is mykola learning", "told", ["swim"], None),
             ("where are his lessons", "told", ["pool"], None),
             ("when are mykola's lessons", "corrected", ["friday"], ["monday and thursday"]),
             ("who is mykola", "told", ["son"], None),
             ("how old is mykola", "never", None, None)],
        ],
        "ahmed": [
            [S("hi milo, ahmed. i drive a delivery van for a bakery")],
            [S("i start at 4am and finish at noon")],
            [S("my daughter Leila thinks it's funny that i smell of bread")],
            [("what do i drive", "told", ["van"], None),
             ("who do i drive for", "told", ["bakery"], None),
             ("what time do i finish", "told", ["noon", "12"], None),
             ("what's my daughter's name", "told", ["leila"], None),
             ("how much do i earn", "never", None, None),
             ("how old is leila", "never", None, None)],
        ],
    },
    "dec163": {  # written 2026-12-07 (thirty-sixth session) before running it
        "carmen": [
            [S("hola milo! soy Carmen, tengo una panadería en Sevilla")],
            [S("my husband Luis makes the croissants")],
            [("what do i have in sevilla", "told", ["panader", "bakery"], None),
             ("where is my bakery", "told", ["sevilla", "seville"], None),
             ("who makes the croissants", "told", ["luis"], None),
             ("how many croissants do we sell", "never", None, None),
             ("what's my name", "name", ["carmen"], ["milo"])],
        ],
        "ben": [
            [S("hey milo, ben here. just adopted a rescue greyhound called Comet")],
            [S("he's four and scared of stairs")],
            [S("we walk by the river every evening")],
            [("what kind of dog did i adopt", "told", ["greyhound"], None),
             ("what's my dog called", "told", ["comet"], None),
             ("how old is comet", "told", ["four", "4"], None),
             ("what is comet scared of", "told", ["stairs"], None),
             ("where do we walk", "told", ["river"], None),
             ("what colour is comet", "never", None, None)],
        ],
    },
}


def fold(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", s.lower()) if not unicodedata.combining(c))


_WORD = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*|\d+")
ALLOWED = {"milo", "i", "i'm", "i've", "i'd", "i'll", "ok", "oh"}


def claims(text: str, said: str) -> list[str]:
    """Names and numbers in `text` that appear nowhere in what the user said (`said`, folded):
    capitalised words not at a sentence start, and digits."""
    out = []
    for m in _WORD.finditer(text or ""):
        w = m.group(0)
        before = text[: m.start()].rstrip()
        if w.isdigit():
            if w not in re.findall(r"\d+", said):
                out.append(w)
            continue
        if not w[0].isupper() or not before or before[-1] in ".!?:\"'(\u201c":
            continue
        f = fold(w).replace("\u2019", "'")
        if f.endswith("'s"):
            f = f[:-2]
        if f in ALLOWED or re.search(rf"(?<!\w){re.escape(f)}", said):
            continue
        if f.endswith("s") and re.search(rf"(?<!\w){re.escape(f[:-1])}(?!\w)", said):
            continue  # the plural of a word said: "on Tuesdays and Fridays" of "...my Thursday shift to Friday" (since dec122)
        out.append(w)
    return out


# ("okey", "okay", "ok" since 2026-12-06: dec80's "Okey!" had not counted)
_INTERJECTION = re.compile(r"^\W*(?:oh+|ah+|ooh+|wow|hmm+|huh|ha+|yay|whoa|aw+|okey|okay|ok)\W*(?:\s+(?:oh+|ah+|wow|wait)\W*)*$", re.I)


def interjection_only(reply: str) -> bool:
    return bool(reply.strip()) and bool(_INTERJECTION.match(reply.strip()))


def score(kind: str, reply: str, accept, forbid, said: str) -> tuple[bool, list[str]]:
    f = fold(reply)
    # The old value right after "not" is the correction said whole ("his birthday is in April, not
    # March"), not the old value given: until 2026-12-05 (dec55-dec62's first runs) it counted.
    negated = re.sub(r"(?<!\w)(?:not|instead\s+of)\s+(?:(?:on|in|at|the)\s+)*\w+", " ", f)
    bad = any(fold(x) in negated for x in (forbid or []))
    found = claims(reply, said)
    if kind == "never":
        return any(h in f.replace("\u2019", "'") for h in HONEST) and not bad and not found, found
    if kind == "world":
        said_back = "you told me" in f or any(h in f.replace("\u2019", "'") for h in HONEST)
        return any(fold(a) in f for a in accept) and not bad and not said_back, []
    return any(fold(a) in f for a in accept) and not bad, found


FILLER = 40  # pulses of other talk between what the user told and the questions (--lived-in)


def _lived_in(tmp: Path) -> tuple[str, list[str]]:
    """(the memory each user's starts as, the FILLER pulses of other talk that come before the
    questions), written once per run: LoCoMo 26 and the end of LoCoMo 30 (others talking), or
    generated pulses where the shared eval is missing."""
    sys.path.insert(0, str(ROOT / "bench"))
    import lived_in  # bench/lived_in.py

    seed, other = tmp / "lived.md", tmp / "other.md"
    lived_in.lived_in(seed)
    lived_in.lived_in(other, lived_in.LOCOMO.parent / "30.json")
    return (seed.read_text(encoding="utf-8"),
            re.split(r"(?=\n--- \[PULSE: )", other.read_text(encoding="utf-8"))[1:][-FILLER:])


def run(milo: list[str], sets: list[str], out: Path, model: str | None, only: str | None, lived: bool = False) -> dict:
    out.mkdir(parents=True, exist_ok=True)
    log = open(out / "log.txt", "w", encoding="utf-8")
    rows, waits, first_replies = [], [], []
    seed, filler = _lived_in(out) if lived else ("", [])
    for set_name in sets:
        for user, wakes in SETS[set_name].items():
            if only and user != only:
                continue
            mem = out / f"{user}.md"
            said_all = fold(" ".join(m for wake in wakes for m, *_ in wake))
            others: set[str] = set()  # the memory's lines of other talk (--lived-in): not Milo's to answer for
            if lived:
                mem.write_text(seed, encoding="utf-8")
                others = set(seed.splitlines())
            for wi, wake in enumerate(wakes):
                if lived and wi == len(wakes) - 1 and wi:
                    now = datetime.now().strftime("%I:%M %p, %B %d, %Y")  # after what the user told
                    talk = "".join(re.sub(r"\[PULSE: [^\]]*\]", f"[PULSE: {now}]", p, count=1) for p in filler)
                    with open(mem, "a", encoding="utf-8") as f:
                        f.write(talk)
                    others |= set(talk.splitlines())
                env = dict(os.environ, MILO_ROBOT="none", SESSION_DIR=str(out / f"s-{user}-{wi}"),
                           MILO_CACHE_DIR=str(out / "cache"), MILO_MEMORY_FILE=str(mem))
                env.pop("GOOGLE_API_KEY", None)
                cmd = milo + ["chat"] + (["--model", model] if model else [])
                t = time.monotonic()
                p = subprocess.run(cmd, input="".join(m + "\n" for m, *_ in wake), capture_output=True, text=True,
                                   env=env, timeout=3600)
                took = time.monotonic() - t
                waits.append((took, len(wake)))
                replies = p.stdout.rstrip("\n").split("\n") if p.stdout.strip() else []
                log.write(f"\n=== [{set_name}] {user} wake {wi + 1} ({took:.1f} s, rc {p.returncode})\n")
                for i, (msg, kind, accept, forbid) in enumerate(wake):
                    reply = replies[i] if i < len(replies) else "<no reply>"
                    if wi == 0 and i == 0:
                        first_replies.append(reply)
                    row = dict(set=set_name, user=user, wake=wi + 1, message=msg, reply=reply, kind=kind,
                               interjection=interjection_only(reply))
                    log.write(f"you:  {msg}\nmilo: {reply}\n")
                    if kind is not None:
                        ok, found = score(kind, reply, accept, forbid, said_all)
                        row.update(ok=ok, claims=found)
                        log.write(f"      -> {kind} {'PASS' if ok else 'FAIL'}" + (f"  claims: {found}" if found else "") + "\n")
                    rows.append(row)
                if p.stderr.strip():
                    log.write("stderr: " + p.stderr.strip()[-600:] + "\n")
            # Invented notes: what Milo etched (not the user's quoted words) naming what nobody said.
            text = mem.read_text(encoding="utf-8") if mem.exists() else ""
            for line in text.splitlines():
                if line in others:
                    continue
                m = re.match(r"(CORE_UPDATE|FUTURE_MESSAGE):\s*(.*)", line)
                if m:
                    found = claims(re.sub(r'"[^"]*"', "", m.group(2)), said_all)
                    if found:
                        rows.append(dict(set=set_name, user=user, etched_claim=line, claims=found))
                        log.write(f"etched claim [{user}]: {line}  {found}\n")
    log.close()
    qs = [r for r in rows if "ok" in r]

    def part(kind):
        got = [r for r in qs if r["kind"] == kind]
        return f"{sum(r['ok'] for r in got)}/{len(got)}"

    answered = [r for r in rows if "reply" in r]
    summary = dict(
        passed=f"{sum(r['ok'] for r in qs)}/{len(qs)}", told=part("told"), honest=part("never"),
        corrected=part("corrected"), name=part("name"), world=part("world"),
        claims=sum(1 for r in qs if r["claims"]), etched_claims=sum(1 for r in rows if "etched_claim" in r),
        interjection_only=sum(1 for r in answered if r["interjection"]),
        s_per_turn=round(sum(w for w, _ in waits) / max(1, sum(n for _, n in waits)), 1),
    )
    json.dump(dict(summary=summary, rows=rows), open(out / "result.json", "w", encoding="utf-8"), indent=1, ensure_ascii=False)
    return summary


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", choices=[*SETS, "all"], default="held")
    ap.add_argument("--model", default=None, help="a --model spec (good, tiny, ollama:..., ...)")
    ap.add_argument("--out", default=str(ROOT / "bench" / "out" / "truth"))
    ap.add_argument("--only", default=None, help="one user of the set")
    ap.add_argument("--checkout", default=None, help="another checkout of Milo to run instead (its main.py, this venv)")
    ap.add_argument("--lived-in", action="store_true", help="each memory starts lived-in, with other talk before the questions")
    a = ap.parse_args()
    sets = list(SETS) if a.set == "all" else [a.set]
    milo = [str(ROOT / ".venv" / "bin" / "milo")]
    if a.checkout:  # e.g. `git worktree add /tmp/milo-before <commit>`: its own package, this venv
        milo = [sys.executable, str(Path(a.checkout).resolve() / "main.py")]
    out = Path(a.out).resolve()
    summary = run(milo, sets, out, a.model, a.only, a.lived_in)
    print((out / "log.txt").read_text(encoding="utf-8"))
    print(json.dumps(summary, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
