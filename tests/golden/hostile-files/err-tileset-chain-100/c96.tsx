<?xml version="1.0"?>
<tileset name="c96"><tileset/><tileset firstgid="9" source="c97.tsx"/></tileset>
