<?xml version="1.0"?>
<tileset name="c101"/>
