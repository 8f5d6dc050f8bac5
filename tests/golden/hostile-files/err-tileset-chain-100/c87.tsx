<?xml version="1.0"?>
<tileset name="c87"><tileset/><tileset firstgid="9" source="c88.tsx"/></tileset>
